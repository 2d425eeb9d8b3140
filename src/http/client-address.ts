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
  const forwarded = (request.header('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (let i = forwarded.length - 1; i >= 0; i--) {
    if (!trustedProxies.has(forwarded[i]!)) return forwarded[i]!;
  }
  return remote;
}

export function clientAddress(c: Context<ServiceEnv>, trustedProxies: TrustedProxies): string {
  return requestClientAddress(viewOfContext(c), trustedProxies);
}
