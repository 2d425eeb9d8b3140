/**
 * GET /.well-known/mcp-registry-auth: the MCP Registry's HTTP domain verification (`mcp-publisher login http`), which
 * proves that whoever publishes this server's server.json controls BASE_URL's domain. Mounted only when
 * MCP_REGISTRY_AUTH is set; the record holds a public key, nothing secret.
 */
import { Hono } from 'hono';
import type { ServiceEnv } from '../http/service-env.js';

export const REGISTRY_AUTH_PATH = '/.well-known/mcp-registry-auth';

export function registryVerification(record: string): Hono<ServiceEnv> {
  const app = new Hono<ServiceEnv>();
  app.get(REGISTRY_AUTH_PATH, (c) =>
    c.body(`${record}\n`, 200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=300' }),
  );
  return app;
}
