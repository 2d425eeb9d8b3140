/**
 * The account endpoint as a resource server (docs/oauth-and-security.md): every way a token can
 * be wrong gets 401 with the Bearer challenge; a good token reads its own player's data and nobody else's.
 */
import { RefusalPause } from '../../src/http/refusal-pause.js';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { TOOLS } from '../../generated/tools/index.js';
import { MATERIAL_NAMES } from '../../generated/cost-systems.js';
import { DEMO_PLAYER } from '../../src/account/demo.js';
import type { AccountServices } from '../../src/auth/account-services.js';
import { protectedEndpoint } from '../../src/auth/mount.js';
import { inProcessRateLimits } from '../../src/http/rate-limits.js';
import {
  accountApp,
  accountRpc,
  accountServices,
  callAccountTool,
  mintAccessToken,
  RESOURCE,
} from '../account-helpers.js';
import { BASE, fromAddress, MCP_HEADERS, rpc, testApp } from '../helpers.js';
import { describeEachStore } from '../support/stores.js';

const PRM = `${BASE}/.well-known/oauth-protected-resource/mcp/account`;

describeEachStore('the account endpoint', (kind) => {
  let services: AccountServices & { demoUserId: string };
  let otherUserId: string;

  beforeAll(async () => {
    services = await accountServices({ kind });
    const other = await services.store.users.create({
      email: 'other@example.com',
      name: 'Other',
      password: 'other-password',
    });
    otherUserId = other.id;
    await services.store.players.replace(other.id, {
      profile: { ...DEMO_PLAYER.profile, player_id: '99990001', name: 'Someone Else', kingdom: 7 },
      goals: [{ system: 'hero_widgets', hero: 'jabel', target: 10, active: true }],
      inventory: { ...DEMO_PLAYER.inventory, widgets: { jabel: 275 } },
    });
  });

  async function rejection(token: string | undefined, options: { clock?: () => Date } = {}) {
    const app = accountApp(services, options);
    const { status, headers, json } = await accountRpc(app, token, 'tools/list');
    return { status, challenge: headers.get('www-authenticate') ?? '', json };
  }

  describe('401 rules', () => {
    it('no token: 401, Bearer challenge with the absolute PRM URL and scope, no error; body -32001 with the request id', async () => {
      const { status, challenge, json } = await rejection(undefined);
      expect(status).toBe(401);
      expect(challenge).toBe(`Bearer resource_metadata="${PRM}", scope="openid offline_access"`);
      expect(json.error.code).toBe(-32001);
      expect(typeof json.id).toBe('number');
    });

    it('an unreadable body still gets the 401 with id null', async () => {
      const app = accountApp(services);
      const res = await app.request(`${BASE}/mcp/account`, { method: 'POST', headers: MCP_HEADERS, body: '{not json' });
      expect(res.status).toBe(401);
      expect((await res.json()).id).toBeNull();
    });

    const cases: [string, () => Promise<string>, string][] = [
      ['garbage', async () => 'not-a-jwt', 'malformed'],
      [
        'alg none',
        async () => {
          const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url');
          const now = Math.floor(Date.now() / 1000);
          const body = Buffer.from(
            JSON.stringify({
              iss: BASE,
              aud: RESOURCE,
              sub: services.demoUserId,
              client_id: 'c',
              jti: 'j',
              iat: now,
              exp: now + 600,
            }),
          ).toString('base64url');
          return `${header}.${body}.`;
        },
        'algorithm',
      ],
      [
        'another key with the same kid',
        async () => {
          const { privateKey } = await generateKeyPair('ES256', { extractable: true });
          return mintAccessToken(services, services.demoUserId, {
            key: { ...(await exportJWK(privateKey)), kid: services.keys.signing[0]!.kid },
          });
        },
        'signature',
      ],
      [
        'an unknown kid',
        async () => {
          const { privateKey } = await generateKeyPair('ES256', { extractable: true });
          return mintAccessToken(services, services.demoUserId, {
            key: { ...(await exportJWK(privateKey)), kid: 'other' },
          });
        },
        'signature',
      ],
      [
        'HS256 with the public key as the secret',
        async () => {
          const { d: _d, ...pub } = services.keys.signing[0]!;
          const now = Math.floor(Date.now() / 1000);
          return new SignJWT({ iss: BASE, aud: RESOURCE, sub: services.demoUserId, client_id: 'c', jti: 'j' })
            .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: pub.kid })
            .setIssuedAt(now)
            .setExpirationTime(now + 600)
            .sign(new TextEncoder().encode(JSON.stringify(pub)));
        },
        'algorithm',
      ],
      [
        'expired',
        () => mintAccessToken(services, services.demoUserId, { now: new Date(Date.now() - 20 * 60_000) }),
        'expired',
      ],
      [
        'wrong audience (the public endpoint)',
        () => mintAccessToken(services, services.demoUserId, { claims: { aud: `${BASE}/mcp` } }),
        'audience',
      ],
      [
        'wrong issuer',
        () => mintAccessToken(services, services.demoUserId, { claims: { iss: 'https://other.example' } }),
        'issued by another server',
      ],
      [
        'an ID token (typ JWT)',
        () => mintAccessToken(services, services.demoUserId, { header: { typ: 'JWT' } }),
        'typ',
      ],
      [
        'no client_id',
        () => mintAccessToken(services, services.demoUserId, { claims: { client_id: undefined } }),
        'client_id',
      ],
      ['no jti', () => mintAccessToken(services, services.demoUserId, { claims: { jti: undefined } }), 'jti'],
      ['no sub', () => mintAccessToken(services, services.demoUserId, { claims: { sub: undefined } }), 'sub'],
    ];
    it.each(cases)('%s: 401 invalid_token with a description', async (_, make, says) => {
      const { status, challenge, json } = await rejection(await make());
      expect(status).toBe(401);
      expect(challenge).toContain(`resource_metadata="${PRM}"`);
      expect(challenge).toContain('error="invalid_token"');
      expect(challenge).toMatch(new RegExp(`error_description="[^"]*${says}`));
      expect(json.error.code).toBe(-32001);
    });

    it('expiry follows the injected clock: the same token is good at 9 minutes and refused at 11', async () => {
      const minted = new Date('2026-11-21T10:00:00Z');
      const token = await mintAccessToken(services, services.demoUserId, { now: minted });
      expect((await rejection(token, { clock: () => new Date(minted.getTime() + 9 * 60_000) })).status).toBe(200);
      const late = await rejection(token, { clock: () => new Date(minted.getTime() + 11 * 60_000) });
      expect(late.status).toBe(401);
      expect(late.challenge).toContain('error_description="the access token has expired"');
    });

    it('a token in the query string or in the body is ignored', async () => {
      const token = await mintAccessToken(services, services.demoUserId);
      const app = accountApp(services);
      const res = await app.request(`${BASE}/mcp/account?access_token=${token}`, {
        method: 'POST',
        headers: MCP_HEADERS,
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', access_token: token }),
      });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).not.toContain('invalid_token');
    });

    it('a non-Bearer Authorization header is invalid_token', async () => {
      const app = accountApp(services);
      const { status, headers } = await accountRpc(app, undefined, 'tools/list', undefined, {
        authorization: 'Basic dXNlcjpwdw==',
      });
      expect(status).toBe(401);
      expect(headers.get('www-authenticate')).toContain('error="invalid_token"');
    });

    it('CORS preflight and GET are answered without a token', async () => {
      const app = accountApp(services);
      const pre = await app.request(`${BASE}/mcp/account`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://localhost:6274',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type, mcp-protocol-version',
        },
      });
      expect(pre.status).toBe(204);
      expect(pre.headers.get('access-control-allow-origin')).toBe('http://localhost:6274');
      expect(pre.headers.get('access-control-allow-headers')).toContain('Authorization');
      const get = await app.request(`${BASE}/mcp/account`);
      expect(get.status).toBe(405);
      expect(get.headers.get('allow')).toBe('POST, OPTIONS');
    });

    it('a foreign Origin is refused before the token is looked at', async () => {
      const app = accountApp(services);
      const { status } = await accountRpc(
        app,
        await mintAccessToken(services, services.demoUserId),
        'tools/list',
        undefined,
        { origin: 'https://evil.example' },
      );
      expect(status).toBe(403);
    });
  });

  describe('with a valid token', () => {
    it('tools/list offers the public tools plus the three account tools', async () => {
      const app = accountApp(services);
      const { status, json } = await accountRpc(
        app,
        await mintAccessToken(services, services.demoUserId),
        'tools/list',
      );
      expect(status).toBe(200);
      const names = json.result.tools.map((t: { name: string }) => t.name);
      expect(names).toEqual(TOOLS.map((t) => t.name).sort());
      expect(names).toEqual(
        expect.arrayContaining(['get_my_goals', 'get_my_inventory', 'get_my_profile', 'governor_gear_cost']),
      );
    });

    it("one player's token never reads another's data", async () => {
      const app = accountApp(services);
      const demo = await mintAccessToken(services, services.demoUserId);
      const other = await mintAccessToken(services, otherUserId);
      expect((await callAccountTool(app, demo, 'get_my_profile')).structured).toMatchObject({
        player_id: '84721093',
        name: 'Demo Governor',
        kingdom: 241,
      });
      expect((await callAccountTool(app, other, 'get_my_profile')).structured).toMatchObject({
        player_id: '99990001',
        name: 'Someone Else',
        kingdom: 7,
      });
      const goals = (await callAccountTool(app, other, 'get_my_goals')).structured;
      expect(goals.goals.map((g: { title: string }) => g.title)).toEqual(['Jabel Exclusive Gear: 4 → 10']);
      const inventory = (await callAccountTool(app, other, 'get_my_inventory')).structured;
      expect(inventory.sections.widgets).toEqual({ jabel: 275 });
      // Every material of the cost tables, by its display name (a new cost system adds its own).
      expect(inventory.materials).toEqual(MATERIAL_NAMES);
      expect(inventory.materials).toMatchObject({
        satin: 'Satin',
        gilded_threads: 'Gilded Threads',
        artisans_vision: "Artisan's Vision",
        charm_guides: 'Charm Guides',
        charm_designs: 'Charm Designs',
        truegold: 'Truegold',
        tempered_truegold: 'Tempered Truegold',
        shards: 'Hero Shards',
        widgets: 'Widgets',
        forgehammers: 'Forgehammers',
        mythic_gear_pieces: 'Mythic gear pieces',
        mithril: 'Mithril',
        enhancement_xp: 'Enhancement XP',
      });
      // Arguments cannot name another player: the tools take none, and an extra one is refused, not read.
      const sneaky = await callAccountTool(app, demo, 'get_my_profile', { user_id: otherUserId });
      expect(sneaky.result.isError).toBe(true);
      expect(JSON.parse(sneaky.text!).error).toMatchObject({ code: 'INVALID_ARGUMENTS', argument: '/user_id' });
      expect(sneaky.text).not.toContain('Someone Else');
    });

    it('a token for a user without saved data gets a NOT_FOUND tool failure', async () => {
      const user = await services.store.users.create({
        email: 'empty@example.com',
        name: '',
        password: 'empty-password',
      });
      const app = accountApp(services);
      const { result, text } = await callAccountTool(app, await mintAccessToken(services, user.id), 'get_my_profile');
      expect(result.isError).toBe(true);
      expect(JSON.parse(text!).error.code).toBe('NOT_FOUND');
      const goals = await callAccountTool(app, await mintAccessToken(services, user.id), 'get_my_goals');
      expect(goals.structured).toMatchObject({
        goals: [],
        combined: { materials: [], readiness: 1, ready: true },
        inactive_goals: 0,
        profile_updated_at: null,
      });
    });

    it('saved data that fails its schema is an UNAVAILABLE tool failure, not a half-read answer or a crash', async () => {
      const user = await services.store.users.create({
        email: 'broken@example.com',
        name: '',
        password: 'broken-password',
      });
      await services.store.players.replace(user.id, {
        profile: DEMO_PLAYER.profile,
        inventory: DEMO_PLAYER.inventory,
        goals: DEMO_PLAYER.goals,
      });
      await services.store.db
        .updateTable('player_documents')
        .set({ document: '{"power": "lots"}' })
        .where('user_id', '=', user.id)
        .where('kind', '=', 'profile')
        .execute();
      const app = accountApp(services);
      const token = await mintAccessToken(services, user.id);
      for (const tool of ['get_my_profile', 'get_my_goals']) {
        const { status, result, text } = await callAccountTool(app, token, tool);
        expect(status, tool).toBe(200);
        expect(result.isError, tool).toBe(true);
        expect(JSON.parse(text!).error, tool).toEqual({
          code: 'UNAVAILABLE',
          message: 'The saved data of this account could not be read; the operator has to re-import it.',
        });
      }
      // The inventory is intact and still served.
      expect((await callAccountTool(app, token, 'get_my_inventory')).result.isError).toBeUndefined();
    });

    it('is limited per user (the token sub), with RateLimit headers', async () => {
      const app = accountApp(services, { rateLimitPerMinute: 2 });
      const demo = await mintAccessToken(services, services.demoUserId);
      const other = await mintAccessToken(services, otherUserId);
      const first = await accountRpc(app, demo, 'ping');
      expect(first.headers.get('ratelimit')).toBe('limit=2, remaining=1, reset=0');
      await accountRpc(app, demo, 'ping');
      const third = await accountRpc(app, demo, 'ping');
      expect(third.status).toBe(429);
      expect(third.json).toMatchObject({ code: 'RATE_LIMITED', error: { code: -32029 } });
      expect((await accountRpc(app, other, 'ping')).status).toBe(200);
    });

    it('requests without a valid token are limited per client address, refused before their token is checked', async () => {
      const app = accountApp(services, { authRateLimitPerMinute: 2 });
      const attacker = fromAddress('203.0.113.7');
      expect((await accountRpc(app, 'not-a-jwt', 'ping', undefined, {}, attacker)).status).toBe(401);
      expect((await accountRpc(app, undefined, 'ping', undefined, {}, attacker)).status).toBe(401);
      const verify = vi.spyOn(services.verifier, 'verify');
      try {
        const third = await accountRpc(app, 'not-a-jwt', 'ping', undefined, {}, attacker);
        expect(third.status).toBe(429);
        expect(third.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
        expect(third.headers.get('ratelimit')).toMatch(/^limit=2, remaining=0, reset=[1-9]\d*$/);
        // A small body's id is echoed, as on /mcp (one refusal path for both endpoints).
        expect(third.json).toMatchObject({ code: 'RATE_LIMITED', error: { code: -32029 } });
        expect(Number.isInteger(third.json.id)).toBe(true);
        expect(third.json.message).toMatch(
          /^Too many requests without a valid access token: at most 2 per 60 seconds from one address\. Retry after \d+ seconds\.$/,
        );
        expect(verify).not.toHaveBeenCalled();
        // Another address is not held back, and valid tokens are not counted as refusals.
        expect((await accountRpc(app, 'not-a-jwt', 'ping', undefined, {}, fromAddress('203.0.113.8'))).status).toBe(
          401,
        );
        const demo = await mintAccessToken(services, services.demoUserId);
        for (let i = 0; i < 3; i++)
          expect((await accountRpc(app, demo, 'ping', undefined, {}, fromAddress('203.0.113.9'))).status).toBe(200);
      } finally {
        verify.mockRestore();
      }
    });

    it("tokens are for the catalogue's OAuth endpoint, and no other path can be mounted to accept them", () => {
      expect(services.resource).toBe(RESOURCE);
      const options = {
        baseUrl: BASE,
        clock: () => new Date(),
        trustedProxies: new Set<string>(),
        authRateLimitPerMinute: 0,
        rateLimits: inProcessRateLimits(),
        refusalPause: new RefusalPause(),
      };
      expect(() => protectedEndpoint(services, '/mcp/other', options)).toThrow(
        `tokens are issued for ${RESOURCE}, so /mcp/other cannot accept them`,
      );
      expect(() => protectedEndpoint(services, '/mcp/account', options)).not.toThrow();
    });

    it('the account tools stay off the public endpoint', async () => {
      const { json } = await rpc(testApp(), 'tools/call', { name: 'get_my_goals', arguments: {} });
      expect(json.error.code).toBe(-32602);
      expect(json.error.message).toContain('lives on /mcp/account');
    });
  });
});
