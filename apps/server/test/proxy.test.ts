import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeOf } from '@feikong/contracts';
import { loadConfig } from '../src/config.js';
import { PUBLIC } from '../src/platform/context.js';
import { ok } from '../src/platform/envelope.js';
import type { ZodApp } from '../src/platform/types.js';
import { createTestApp, type TestApp } from './harness.js';

// Per-IP login and SMS limits read request.ip; behind a proxy that is only right when the
// deployment says which X-Forwarded-For hops to believe (TRUST_PROXY).
function ipProbe(app: ZodApp) {
  app.get(
    '/platform/api/v1/probe/ip',
    { config: { permission: PUBLIC }, schema: { response: { 200: envelopeOf(z.string()) } } },
    async (req) => ok(req.ip),
  );
}

const askIp = (t: TestApp, remoteAddress: string, forwardedFor?: string) =>
  t.app
    .inject({
      method: 'GET',
      url: '/platform/api/v1/probe/ip',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    })
    .then((r) => r.json().data as string);

describe('TRUST_PROXY', () => {
  it('parses the four forms and refuses a malformed list with a Chinese message', () => {
    expect(loadConfig({ DATA_DIR: '/tmp' }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: '/tmp', TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ DATA_DIR: '/tmp', TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ DATA_DIR: '/tmp', TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(() => loadConfig({ DATA_DIR: '/tmp', TRUST_PROXY: '10.0.0.1,,' })).toThrow(/TRUST_PROXY/);
  });

  describe('not set (direct exposure)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ extraRoutes: [ipProbe] });
    });
    afterAll(async () => t.close());

    it('ignores X-Forwarded-For, which any client can forge', async () => {
      expect(await askIp(t, '203.0.113.7', '198.51.100.1')).toBe('203.0.113.7');
    });
  });

  describe('set to the proxy’s network', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ config: { trustProxy: ['10.0.0.0/8'] }, extraRoutes: [ipProbe] });
    });
    afterAll(async () => t.close());

    it('takes the client address the trusted proxy forwarded', async () => {
      expect(await askIp(t, '10.1.2.3', '198.51.100.1')).toBe('198.51.100.1');
    });

    it('does not believe the header from an address outside the proxy network', async () => {
      expect(await askIp(t, '203.0.113.7', '198.51.100.1')).toBe('203.0.113.7');
    });
  });

  describe('set to a hop count', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ config: { trustProxy: 1 }, extraRoutes: [ipProbe] });
    });
    afterAll(async () => t.close());

    it('believes only the nearest hop: an address the client prepended is ignored', async () => {
      expect(await askIp(t, '10.1.2.3', '1.1.1.1, 198.51.100.1')).toBe('198.51.100.1');
    });
  });
});
