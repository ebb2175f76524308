import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformCode } from '@feikong/contracts';
import { DOWNLOAD_PATH } from '../src/platform/storage/signing.js';
import { redactUrl } from '../src/platform/hardening.js';
import { createTestApp, type TestApp } from './harness.js';

const logLines: string[] = [];
const logStream = new PassThrough();
logStream.on('data', (chunk: Buffer) => logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ config: { logLevel: 'info' }, logStream });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t?.close());

/** A raw request, so that Node's own parser (not inject) sees it. */
function rawGet(path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

describe('headers on API replies', () => {
  it('marks API replies no-store, nosniff, with a referrer policy — errors included', async () => {
    for (const url of ['/healthz', '/auth-center/api/v1/nope', '/notify-center/api/v1/notify/list']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
  });
});

describe('requests refused before routing stay in the envelope', () => {
  it('answers a URL over 16 KB with 431 and a Chinese message', async () => {
    const res = await rawGet(`/healthz?pad=${'a'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toContain('application/json');
    expect(JSON.parse(res.body)).toEqual({
      status: PlatformCode.validation,
      msg: '请求地址或请求头过长',
      data: null,
    });
    // The server is still there.
    expect((await rawGet('/healthz')).status).toBe(200);
  });
});

describe('logged URLs', () => {
  it('redacts signatures and tokens but keeps the rest of the URL', () => {
    expect(redactUrl('/x/download?key=a%2Fb.xlsx&expires=1&sig=abc123&name=t')).toBe(
      '/x/download?key=a%2Fb.xlsx&expires=1&sig=***&name=t',
    );
    expect(redactUrl('/s?token=t0k&SIG=Z')).toBe('/s?token=***&SIG=***');
    expect(redactUrl('/plain?a=1')).toBe('/plain?a=1');
  });

  it('never writes a signed link’s signature to the log', async () => {
    const secret = 'c2lnbmF0dXJlLXRoYXQtbXVzdC1ub3QtbGVhaw';
    await rawGet(`${DOWNLOAD_PATH}?key=exports%2Fa.xlsx&expires=9999999999999&sig=${secret}`);
    await new Promise((r) => setTimeout(r, 50));
    const mentions = logLines.filter((l) => l.includes(DOWNLOAD_PATH));
    expect(mentions.length).toBeGreaterThan(0);
    expect(mentions.some((l) => l.includes('sig=***'))).toBe(true);
    expect(logLines.join('\n')).not.toContain(secret);
  });
});
