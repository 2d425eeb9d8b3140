/**
 * The adapter's marker for an answer already written on Node's response by someone else (oidc-provider, through
 * src/auth/provider-handoff.ts). It must be made before the adapter replaces the global Response with its own
 * (@hono/node-server's getRequestListener, when a server starts): a marker made after that is of the adapter's
 * cached kind, whose status and headers the adapter writes again ("Cannot write headers after they are sent").
 * account-stack.ts imports this module for that reason, since the code that uses the marker loads later.
 */
export { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
