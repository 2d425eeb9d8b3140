/**
 * The demo player, created once in an empty store so a newcomer can sign in straight away. Its sign-in comes from
 * DEMO_EMAIL / DEMO_PASSWORD, or a generated password that is shown once at start. An existing store is never
 * touched (no password is reset behind the operator's back), and of instances racing on an empty store one wins.
 */
import { DEFAULT_DEMO_EMAIL, DEMO_NAME, DEMO_PLAYER } from '../account/demo.js';
import { formatProblems, validatePlayerData } from '../account/validate.js';
import { generatePassword } from './passwords.js';
import type { Store } from './store.js';

export type SeedResult = { created: false } | { created: true; email: string; password: string; generated: boolean };

export async function seedDemoPlayer(
  store: Store,
  options: { email?: string; password?: string },
): Promise<SeedResult> {
  if ((await store.users.count()) > 0) return { created: false };
  const checked = validatePlayerData(DEMO_PLAYER);
  if (!checked.ok) throw new Error(`demo player data is invalid:\n${formatProblems(checked.problems)}`);
  const email = options.email ?? DEFAULT_DEMO_EMAIL;
  const password = options.password ?? generatePassword();
  let user;
  try {
    user = await store.users.create({ email, name: DEMO_NAME, password });
  } catch (error) {
    // Several instances starting on one empty shared store: one creates the demo player, the others find it.
    if (await store.users.findByEmail(email)) return { created: false };
    throw error;
  }
  await store.players.replace(user.id, checked.data);
  return { created: true, email: user.email, password, generated: options.password === undefined };
}
