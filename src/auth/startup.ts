/**
 * Brings up the account stack: opens (and on first start creates and migrates) the store, seeds the demo player
 * into an empty store, loads the persisted keys and builds the authorization server. The heavy modules (the store's
 * Kysely and SQLite, oidc-provider) are imported here, dynamically, so the service can start answering on its
 * public endpoint before they have loaded.
 */
import type { Config } from '../config.js';
import type { AccountServices } from './account-services.js';

export interface AccountStartup {
  services: AccountServices;
  /** Set when this start created the demo player. */
  demo?: { email: string; password: string; generated: boolean };
}

export async function startAccountServices(config: Pick<Config, 'baseUrl' | 'dataDir' | 'demoEmail' | 'demoPassword'>): Promise<AccountStartup> {
  const [{ openStore }, { seedDemoPlayer }, { createAccountServices }] = await Promise.all([
    import('../store/store.js'),
    import('../account/seed.js'),
    import('./account-services.js'),
  ]);
  const store = await openStore(config.dataDir);
  const seeded = await seedDemoPlayer(store, { ...(config.demoEmail ? { email: config.demoEmail } : {}), ...(config.demoPassword ? { password: config.demoPassword } : {}) });
  const services = await createAccountServices({ baseUrl: config.baseUrl, store });
  return { services, ...(seeded.created ? { demo: { email: seeded.email, password: seeded.password, generated: seeded.generated } } : {}) };
}
