/**
 * On the recommended runtime (Node 24; any LTS from 22 on) a normal start prints no "Unsupported runtime" warning:
 * oidc-provider prints it at import on a Node release older than 22 LTS (README, "Node.js 24"). On Node 20 the
 * test is skipped, since the warning there is expected.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../service.js';

const lts = process.release.lts ?? '';
// oidc-provider's own rule: the LTS codename's first letter at least J (Jod = 22).
const recommended = lts !== '' && lts.charCodeAt(0) >= 'J'.charCodeAt(0);

describe.skipIf(!recommended)(`a start on Node ${process.version} (${lts || 'no LTS'})`, () => {
  let service: RunningService | undefined;
  afterAll(async () => {
    await service?.stop();
  });
  it('prints no Unsupported runtime warning', async () => {
    service = await startService();
    const health = await fetch(`${service.baseUrl}/health`);
    expect(health.status).toBe(200);
    expect(service.output()).not.toContain('Unsupported runtime');
  });
});
