import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHmac } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { makeStaff, makeTenant } from '../../../test/factories.js';
import { loadConfig, type S3Config } from '../../config.js';
import {
  DownloadSigner,
  S3FileStorage,
  SNIFFED_CONTENT_TYPES,
  parsePolicy,
  policyProblem,
} from '../../platform/storage/index.js';
import { FileCode } from './files.errors.js';
import { FILES, uploadKey } from './files.testkit.js';

// The S3-compatible adapter against a real S3 server (s3rver 3 on 127.0.0.1, a random port, a temp
// directory): presigned POST signed with @aws-sdk/s3-presigned-post, the form posted with fetch,
// the object read back with @aws-sdk/client-s3. s3rver stores POSTed forms without checking their
// policy (its object controller marks `policy` unimplemented), so the refusals are shown the way S3
// decides them: the signature recomputed as AWS SigV4 does, and the policy's conditions applied.

let server: ChildProcess;
let dir: string;
let cfg: S3Config;
let storage: S3FileStorage;
const BUCKET = 'feikong-test';

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feikong-s3rver-'));
  server = spawn(process.execPath, [new URL('./s3rver.child.mjs', import.meta.url).pathname, dir, BUCKET], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.once('exit', (code) => reject(new Error(`s3rver exited (${code})`)));
    server.stdout!.once('data', (b: Buffer) => resolve(Number(String(b).trim())));
  });
  cfg = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: BUCKET,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    region: 'us-east-1',
    forcePathStyle: true,
  };
  storage = new S3FileStorage(cfg, new DownloadSigner('test-signing-secret-0123456789'));
});
afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function postForm(
  host: string,
  fields: Record<string, string>,
  key: string,
  file: Buffer,
  name: string,
) {
  const form = new FormData();
  form.set('key', key);
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', new Blob([file]), name);
  return fetch(host, { method: 'POST', body: form });
}

describe('S3 adapter', () => {
  it('signs a POST policy the store accepts, and reads the object back', async () => {
    const form = await storage.signUpload({
      dir: 'invoice/t7/',
      expiresInS: 600,
      maxBytes: 200 * 1024,
      contentTypes: SNIFFED_CONTENT_TYPES,
    });
    expect(form.host).toBe(`${cfg.endpoint}/${BUCKET}`);
    expect(form.accessId).toBe('S3RVER');
    expect(form.fields).toMatchObject({
      bucket: BUCKET,
      success_action_status: '200',
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      Policy: form.policy,
      'X-Amz-Signature': form.signature,
    });
    const key = uploadKey(form.dir, '发票.jpg');
    const res = await postForm(form.host, form.fields, key, FILES.jpg(), '发票.jpg');
    expect(res.status).toBe(200);
    const stat = await storage.stat(key);
    expect(stat?.size).toBe(FILES.jpg().length);
    const chunks: Buffer[] = [];
    for await (const c of await storage.get(key)) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(FILES.jpg())).toBe(true);
    expect(await storage.stat(`${form.dir}missing.png`)).toBeNull();
    // No overwrite through putNew.
    expect(await storage.putNew(key, FILES.png(), { contentType: 'image/png' })).toBe(false);
    expect(await storage.putNew(`${form.dir}new.png`, FILES.png(), { contentType: 'image/png' })).toBe(true);
    expect((await storage.stat(`${form.dir}new.png`))?.contentType).toBe('image/png');
  });

  it('signs exactly as S3 checks it, and its conditions refuse an oversize file and a key outside dir', async () => {
    const form = await storage.signUpload({
      dir: 'invoice/t7/',
      expiresInS: 600,
      maxBytes: 1024,
      contentTypes: SNIFFED_CONTENT_TYPES,
    });
    // AWS SigV4 for POST: HMAC chain over date, region, service, then the base64 policy.
    const [, date, region, service] = form.fields['X-Amz-Credential']!.split('/');
    let k: Buffer = createHmac('sha256', `AWS4${cfg.secretAccessKey}`).update(date!).digest();
    for (const part of [region!, service!, 'aws4_request']) k = createHmac('sha256', k).update(part).digest();
    expect(createHmac('sha256', k).update(form.policy).digest('hex')).toBe(form.signature);
    // A wrong secret gives another signature.
    const wrong = createHmac('sha256', `AWS4other`).update(date!).digest();
    expect(createHmac('sha256', wrong).update(form.policy).digest('hex')).not.toBe(form.signature);

    const policy = parsePolicy(form.policy)!;
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 1024]);
    expect(policy.conditions).toContainEqual(['starts-with', '$key', 'invoice/t7/']);
    const values = (key: string) => ({
      key,
      bucket: BUCKET,
      success_action_status: '200',
      'x-amz-algorithm': form.fields['X-Amz-Algorithm'],
      'x-amz-credential': form.fields['X-Amz-Credential'],
      'x-amz-date': form.fields['X-Amz-Date'],
    });
    const good = uploadKey('invoice/t7/', 'a.png');
    expect(policyProblem(policy, values(good), 500)).toBeNull();
    expect(policyProblem(policy, values(good), 1025)).toEqual({ field: 'file', kind: 'size' });
    expect(policyProblem(policy, values(uploadKey('invoice/t8/', 'a.png')), 500)).toEqual({
      field: 'key',
      kind: 'prefix',
    });
  });
});

describe('STORAGE_DRIVER=s3', () => {
  let t: TestApp;
  let token: string;
  let tenantId: number;
  beforeAll(async () => {
    t = await createTestApp({ config: { storage: { driver: 's3', s3: cfg } } });
    tenantId = (await makeTenant(t.db)).tenantId;
    token = (await makeStaff(t.db, tenantId)).token;
  });
  afterAll(async () => t?.close());

  it("file:sign answers the store's presigned POST under the tenant directory; the embedded route refuses forms", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/pub-svc-center/api/v1/file:sign?dir=invoice',
      headers: { 'x-session-token': token },
    });
    expect(res.statusCode).toBe(200);
    const s = res.json().data;
    expect(s.dir).toMatch(new RegExp(`^invoice/t${tenantId}/[0-9a-f]{32}/$`));
    expect(s.host).toBe(`${cfg.endpoint}/${BUCKET}`);
    expect(s.access_id).toBe('S3RVER');
    expect(s.fields['X-Amz-Signature']).toBe(s.signature);
    const key = uploadKey(s.dir, 'b.xml');
    const posted = await postForm(s.host, s.fields, key, FILES.xml(), 'b.xml');
    expect(posted.status).toBe(200);
    // Merge reads it through the adapter; download links stream it from the store.
    const merged = await t.app.inject({
      method: 'POST',
      url: '/finopublic/api/web/file/merge',
      headers: { 'x-session-token': token },
      payload: { items: [{ filePath: key, fileType: 'xml', fileName: 'b.xml' }] },
    });
    expect(merged.statusCode).toBe(200);
    const link = merged.json().data.items[0].url;
    const got = await t.app.inject({ method: 'GET', url: link });
    expect(got.rawPayload.equals(FILES.xml())).toBe(true);

    const embedded = await t.app.inject({
      method: 'POST',
      url: '/pub-svc-center/api/v1/files/upload',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="key"\r\n\r\nk\r\n--x--\r\n',
    });
    expect(embedded.statusCode).toBe(400);
    expect(embedded.json().status).toBe(FileCode.uploadNotHere);
  });
});

describe('config', () => {
  it('validates the S3 settings when STORAGE_DRIVER=s3', () => {
    expect(loadConfig({ DATA_DIR: '/tmp' }).storage).toEqual({ driver: 'local' });
    expect(() => loadConfig({ DATA_DIR: '/tmp', STORAGE_DRIVER: 's3' })).toThrow(
      /S3_BUCKET: STORAGE_DRIVER=s3 时必须设置/,
    );
    expect(() => loadConfig({ DATA_DIR: '/tmp', STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER/);
    const c = loadConfig({
      DATA_DIR: '/tmp',
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'bills',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(c.storage).toEqual({
      driver: 's3',
      s3: {
        endpoint: 'http://127.0.0.1:9000',
        bucket: 'bills',
        accessKeyId: 'id',
        secretAccessKey: 'secret',
        region: 'us-east-1',
        forcePathStyle: true,
      },
    });
    expect(() =>
      loadConfig({
        DATA_DIR: '/tmp',
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: 'x',
        S3_BUCKET: 'B',
        S3_ACCESS_KEY_ID: 'i',
        S3_SECRET_ACCESS_KEY: 's',
      }),
    ).toThrow(/S3_ENDPOINT[\s\S]*S3_BUCKET/);
    expect(loadConfig({ DATA_DIR: '/tmp', UPLOAD_MAX_MB: '5' }).uploadMaxBytes).toBe(5 * 1024 * 1024);
  });
});
