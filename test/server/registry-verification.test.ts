/**
 * The MCP Registry's domain-verification record (docs/protocol.md, "Discovery documents"): served at
 * /.well-known/mcp-registry-auth when MCP_REGISTRY_AUTH is set, absent otherwise, and a malformed value stops the start.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { BASE, testApp } from '../helpers.js';

const RECORD = 'v=MCPv1; k=ed25519; p=MCowBQYDK2VwAyEAq3Vr7n1t0oN8k9vS1y2Wq8f4gU5hJ3kL6mN7pQ8rS9t=';

describe('MCP_REGISTRY_AUTH', () => {
  it('is served as text at /.well-known/mcp-registry-auth when set', async () => {
    const res = await testApp({ config: { mcpRegistryAuth: RECORD } }).request(`${BASE}/.well-known/mcp-registry-auth`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe(`${RECORD}\n`);
  });

  it('is a 404 when not set', async () => {
    expect((await testApp().request(`${BASE}/.well-known/mcp-registry-auth`)).status).toBe(404);
  });

  it('a malformed value stops the start naming the expected form', () => {
    expect(loadConfig({ MCP_REGISTRY_AUTH: RECORD }).mcpRegistryAuth).toBe(RECORD);
    expect(loadConfig({}).mcpRegistryAuth).toBeUndefined();
    expect(() => loadConfig({ MCP_REGISTRY_AUTH: 'p=abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ MCP_REGISTRY_AUTH: 'p=abc' })).toThrow(
      'MCP_REGISTRY_AUTH: expected "v=MCPv1; k=ed25519; p=<base64 public key>" (or k=ecdsap384), as mcp-publisher prints it',
    );
  });
});
