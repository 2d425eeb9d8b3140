/**
 * Who a request comes from, for per-client rate limits: the socket's remote address, or, when that address is
 * a configured trusted proxy, the right-most X-Forwarded-For entry that is not itself a trusted proxy.
 */
import type { TrustedProxies } from '../trusted-proxies.js';
import type { Context } from 'hono';
import type { ServiceEnv } from './service-env.js';

function socketAddress(c: Context<ServiceEnv>): string | undefined {
  return c.env?.incoming.socket.remoteAddress;
}

export function clientAddress(c: Context<ServiceEnv>, trustedProxies: TrustedProxies): string {
  const remote = socketAddress(c) ?? 'unknown';
  if (!trustedProxies.has(remote)) return remote;
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (let i = forwarded.length - 1; i >= 0; i--) {
    if (!trustedProxies.has(forwarded[i]!)) return forwarded[i]!;
  }
  return remote;
}
