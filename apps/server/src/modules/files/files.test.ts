import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { DownloadSigner, type FileStorage } from '../../platform/storage/index.js';
import { appServices } from '../../platform/types.js';
import { FileCode } from './files.errors.js';
import { contentDisposition } from './files.service.js';

let t: TestApp;
let storage: FileStorage;
beforeAll(async () => {
  t = await createTestApp({ extraRoutes: [(_app, deps) => void (storage = appServices(deps).storage)] });
  await storage.put('reports/t1/a.txt', Buffer.from('你好，文件'), {
    contentType: 'text/plain; charset=utf-8',
  });
});
afterAll(async () => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
/** The link's query as an editable object. */
function parts(url: string) {
  return Object.fromEntries(new URL(url, 'http://x').searchParams) as Record<string, string>;
}
const link = (q: Record<string, string>) => `/pub-svc-center/api/v1/files/download?${new URLSearchParams(q)}`;

describe('signed downloads', () => {
  it('downloads a file by its signed link, without a session, under its Chinese name', async () => {
    const url = storage.signDownload('reports/t1/a.txt', { fileName: '报表 (1).txt' });
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('你好，文件');
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength('你好，文件')));
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="__ (1).txt"; filename*=UTF-8\'\'%E6%8A%A5%E8%A1%A8%20%281%29.txt',
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('refuses a forged link: other signature, other file, other name, other expiry (链接无效, 403)', async () => {
    const good = parts(storage.signDownload('reports/t1/a.txt', { fileName: 'a.txt' }));
    const forged = [
      { ...good, sig: good.sig.slice(0, -2) + (good.sig.endsWith('AA') ? 'BB' : 'AA') },
      { ...good, sig: 'short' },
      { ...good, key: 'reports/t1/b.txt' },
      { ...good, name: '改名.txt' },
      { ...good, expires: String(Number(good.expires) + 3600) },
      // Signed with another secret.
      parts(new DownloadSigner('another-secret-0123456789').sign('reports/t1/a.txt', { fileName: 'a.txt' })),
    ];
    for (const q of forged) {
      const res = await get(link(q));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: FileCode.linkInvalid, msg: '链接无效', data: null });
    }
  });

  it('refuses a link with parts missing or a key that leaves the storage root', async () => {
    const good = parts(storage.signDownload('reports/t1/a.txt', { fileName: 'a.txt' }));
    for (const drop of ['key', 'name', 'expires', 'sig']) {
      const { [drop]: _, ...rest } = good;
      const res = await get(link(rest));
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe('链接无效');
    }
    const traversal = await get(link({ ...good, key: '../../etc/passwd' }));
    expect(traversal.json().msg).toBe('链接无效');
    expect(() => storage.signDownload('../x', { fileName: 'x' })).toThrow();
  });

  it('refuses an expired link (链接已过期, 403)', async () => {
    const url = storage.signDownload('reports/t1/a.txt', { fileName: 'a.txt', expiresInS: -1 });
    const res = await get(url);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: FileCode.linkExpired, msg: '链接已过期', data: null });
  });

  it('answers 404 for a validly signed link to a file that is gone', async () => {
    await storage.put('reports/t1/gone.txt', Buffer.from('x'), { contentType: 'text/plain' });
    const url = storage.signDownload('reports/t1/gone.txt', { fileName: 'gone.txt' });
    await storage.delete('reports/t1/gone.txt');
    expect(await storage.stat('reports/t1/gone.txt')).toBeNull();
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: FileCode.fileNotFound, msg: '文件不存在或已被删除' });
  });

  it('links expire after 86400 s by default', () => {
    const before = Math.floor(Date.now() / 1000);
    const q = parts(storage.signDownload('reports/t1/a.txt', { fileName: 'a.txt' }));
    expect(Number(q.expires) - before).toBeGreaterThanOrEqual(86_400);
    expect(Number(q.expires) - before).toBeLessThanOrEqual(86_401);
  });

  it('writes an ASCII fallback and an RFC 5987 name in Content-Disposition', () => {
    expect(contentDisposition('成员"导出.xlsx')).toBe(
      `attachment; filename="_____.xlsx"; filename*=UTF-8''${encodeURIComponent('成员"导出.xlsx')}`,
    );
    expect(contentDisposition("a'b*.csv")).toBe(
      `attachment; filename="a'b*.csv"; filename*=UTF-8''a%27b%2A.csv`,
    );
  });
});
