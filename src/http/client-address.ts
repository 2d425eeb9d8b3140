/**
 * Who a request comes from, for per-client rate limits: the socket's remote address, or, when that address is
 * a configured trusted proxy, the right-most X-Forwarded-For entry that is not itself a trusted proxy.
 */
import type { TrustedProxies } from '../trusted-proxies.js';
import type { Context } from 'hono';
import { viewOfContext, type RequestView } from './request-view.js';
import type { ServiceEnv } from './service-env.js';

export function requestClientAddress(request: RequestView, trustedProxies: TrustedProxies): string {
  const remote = request.incoming?.socket.remoteAddress ?? 'unknown';
  if (!trustedProxies.has(remote)) return remote;
  const forwarded = request.header('x-forwarded-for');
  if (forwarded === undefined) return remote;
  // Entry by entry from the right, without splitting the header into arrays: this runs for every request that
  // comes through a proxy, and usually stops at the first entry.
  for (let end = forwarded.length; end > 0;) {
    const comma = forwarded.lastIndexOf(',', end - 1);
    const entry = forwarded.slice(comma + 1, end).trim();
    if (entry !== '' && !trustedProxies.has(entry)) return entry;
    end = comma;
  }
  return remote;
}

export function clientAddress(c: Context<ServiceEnv>, trustedProxies: TrustedProxies): string {
  return requestClientAddress(viewOfContext(c), trustedProxies);
}
