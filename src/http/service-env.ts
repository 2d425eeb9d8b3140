/**
 * The Hono environment of the service's routes: the Node adapter's request and response as bindings (oidc-provider
 * and the body readers need the raw Node objects). Optional, because `c.env` is undefined when the app is called
 * without the adapter (`app.request()` in tests passes no bindings).
 */
import type { HttpBindings } from '@hono/node-server';

export interface ServiceEnv {
  Bindings?: HttpBindings;
}
