/**
 * The account stack (the secured MCP endpoints, the authorization server and the website's account pages) behind
 * one handler that app.ts routes its paths to. main.ts starts listening before the store and keys are ready, so
 * the stack is built once its services resolve; until then a request waits for it (never past a failed start or
 * ACCOUNT_START_WAIT_MS, nor while main.ts reports the store unreachable) and is then answered 503, while the
 * public endpoint answers meanwhile. The stack's own code (account-app.ts) is loaded then too, not at start.
 */
import type { Context, Handler } from 'hono';
import type { AccountStackOptions } from './account-app.js';
import { accountStackUnavailable, surfaceOf } from './auth/unavailable.js';
import type { ServiceEnv } from './http/service-env.js';
// The account app loads after the server starts; its hand-off marker must be made before: see that module.
import './http/response-already-sent.js';

/** Longest a request to the account stack waits for it to come up before it is answered 503. */
const ACCOUNT_START_WAIT_MS = 10_000;
/** How often a waiting request looks again whether the store is reported unreachable meanwhile. */
const WAIT_TICK_MS = 100;

/** The handler for every path of the account stack: forwards to it once it is up. */
export function deferredAccountStack(options: AccountStackOptions): Handler<ServiceEnv> {
  const accountApp = Promise.resolve(options.services).then(async (services) =>
    (await import('./account-app.js')).buildAccountApp(services, options),
  );
  let settled = false;
  accountApp.then(
    () => (settled = true),
    () => (settled = true),
  ); // a failure is reported by main.ts; requests get a 500
  // While the stack starts, a request waits for it, but never past a failed attempt or ACCOUNT_START_WAIT_MS.
  const waitForStack = async (): Promise<boolean> => {
    const deadline = Date.now() + ACCOUNT_START_WAIT_MS;
    while (!settled && !options.accountWaiting?.() && Date.now() < deadline)
      await Promise.race([accountApp.catch(() => undefined), new Promise((tick) => setTimeout(tick, WAIT_TICK_MS))]);
    return settled;
  };
  return async function forwardToAccountStack(c: Context<ServiceEnv>) {
    if (!settled && !(await waitForStack())) return accountStackUnavailable(surfaceOf(c.req.path, options.mcpPaths));
    return (await accountApp).fetch(c.req.raw, c.env);
  };
}
