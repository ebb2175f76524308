import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createTestApp, type TestApp } from './harness.js';

// A tiny stand-in for the built client: the three HTML entries, a hashed asset with its .br/.gz
// copies (as the build makes them), the micro entry at its fixed address and a page with an inline script.
const ENTRY_JS = 'export const hello = "你好";\n'.repeat(40);
const INLINE = 'window.__container = 1;';

function fakeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feikong-web-dist-'));
  const write = (rel: string, data: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), data);
  };
  write(
    'index.html',
    '<!doctype html><div id="root"></div><script type="module" src="/assets/main-abc123.js"></script>',
  );
  write(
    'login.html',
    '<!doctype html><div id="fk-prerender" inert>登录</div><div id="root"></div><script type="module" src="/assets/main-abc123.js"></script>',
  );
  write('web-form/index.html', '<!doctype html><title>web-form</title>');
  write('web-form-print/index.html', '<!doctype html><title>web-form-print</title>');
  write('assets/main-abc123.js', ENTRY_JS);
  write('assets/main-abc123.js.br', brotliCompressSync(ENTRY_JS));
  write('assets/main-abc123.js.gz', gzipSync(ENTRY_JS));
  write('micro/index.js', 'export function mount() {}');
  write('__container__/index.html', `<!doctype html><script type="module">${INLINE}</script>`);
  return dir;
}

describe('the built web client', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeDist();
    t = await createTestApp({ config: { webDist: dist, containerOrigins: ['https://portal.example.com'] } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url, headers });

  it('serves the brotli or gzip copy the browser accepts, and says the reply varies on it', async () => {
    const br = await get('/assets/main-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ENTRY_JS);

    const gz = await get('/assets/main-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(ENTRY_JS);

    const plain = await get('/assets/main-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(ENTRY_JS);
  });

  it('caches hashed assets for a year and revalidates HTML and the fixed-name micro entry', async () => {
    expect((await get('/assets/main-abc123.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get('/login')).headers['cache-control']).toBe('no-cache');
    expect((await get('/index.html')).headers['cache-control']).toBe('no-cache');
    expect((await get('/micro/index.js')).headers['cache-control']).toBe('no-cache');
  });

  it('answers each app’s deep links with its own HTML', async () => {
    const main = await get('/home/index?x=1');
    expect(main.statusCode).toBe(200);
    expect(main.body).toContain('id="root"');
    expect((await get('/web-form/run/42')).body).toContain('<title>web-form</title>');
    // 发票管理's pages share the invoice API's first segment: only /invoice/api/ is the API.
    const invoicePage = await get('/invoice/personList');
    expect([invoicePage.statusCode, invoicePage.body.includes('id="root"')]).toEqual([200, true]);
    expect((await get('/invoice/api/web/invoice/nothing')).json()).toMatchObject({ status: 10000404 });
    expect((await get('/web-form-print/7')).body).toContain('<title>web-form-print</title>');
  });

  it('answers /login with the login screen rendered at build time, other routes with the plain entry', async () => {
    const login = await get('/login?redirect=1', { 'accept-encoding': 'identity' });
    expect(login.statusCode).toBe(200);
    expect(login.headers['content-type']).toMatch(/text\/html/);
    expect(login.headers['cache-control']).toBe('no-cache');
    expect(login.body).toContain('id="fk-prerender"');
    expect((await get('/home/index')).body).not.toContain('fk-prerender');
    expect((await get('/login/other')).body).not.toContain('fk-prerender');
  });

  it('answers HEAD on a client route as GET, without the body', async () => {
    const head = await get('/login', {}, 'HEAD');
    const full = await get('/login');
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-type']).toBe(full.headers['content-type']);
    expect(head.headers['content-length']).toBe(full.headers['content-length']);
    expect((await get('/web-form/run/1', {}, 'HEAD')).statusCode).toBe(200);
    expect((await get('/assets/main-abc123.js', {}, 'HEAD')).statusCode).toBe(200);
  });

  it('answers 404 for a missing file under assets/ or micro/, not the index page', async () => {
    for (const url of ['/assets/gone-000000.js', '/assets/x.css', '/micro/other.js']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().msg).toBe(`文件不存在：${url}`);
      expect(res.body).not.toContain('id="root"');
      expect((await get(url, {}, 'HEAD')).statusCode, url).toBe(404);
    }
  });

  it('sends the CSP, nosniff and the referrer policy with pages and files', async () => {
    for (const url of ['/login', '/assets/main-abc123.js', '/__container__/index.html']) {
      const res = await get(url);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'self' https://portal.example.com");
      // No inline script runs unless its hash is listed: the container page's one is.
      expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    }
  });

  it('sends nosniff and the referrer policy with API replies too', async () => {
    const res = await get('/healthz');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const missing = await get('/auth-center/api/v1/nothing-here');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toContain('接口不存在');
  });
});

describe('CONTAINER_ORIGINS', () => {
  it('takes comma-separated origins and refuses anything that is not one', () => {
    expect(loadConfig({ DATA_DIR: '/tmp' }).containerOrigins).toEqual([]);
    expect(
      loadConfig({ DATA_DIR: '/tmp', CONTAINER_ORIGINS: 'https://a.example.com, http://10.0.0.5:8000' })
        .containerOrigins,
    ).toEqual(['https://a.example.com', 'http://10.0.0.5:8000']);
    for (const bad of [
      'portal.example.com',
      'https://a.example.com/path',
      "'self'",
      'ftp://a.example.com',
      ',',
    ])
      expect(() => loadConfig({ DATA_DIR: '/tmp', CONTAINER_ORIGINS: bad }), bad).toThrow(
        /CONTAINER_ORIGINS/,
      );
  });
});

describe('a build without the pre-rendered login screen', () => {
  it('answers /login with the plain entry', async () => {
    const dist = fakeDist();
    fs.rmSync(path.join(dist, 'login.html'));
    const t = await createTestApp({ config: { webDist: dist } });
    try {
      const login = await t.app.inject({ method: 'GET', url: '/login' });
      expect(login.statusCode).toBe(200);
      expect(login.body).toContain('id="root"');
      expect(login.body).not.toContain('fk-prerender');
    } finally {
      await t.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
