import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformCode } from '@feikong/contracts';
import { makePersonal, makeStaff, makeTenant } from '../../../test/factories.js';
import { sniffContent } from '../../platform/storage/index.js';
import { FileCode } from './files.errors.js';
import { FILES, createFilesTestApp, makePdf, uploadForm, uploadKey } from './files.testkit.js';

// Signed uploads (spec 7.12): file:sign as staff, then the form posted to the embedded store, which
// checks the signature, expiry, key, size and the file's real type, and stores nothing it refuses.

let env: Awaited<ReturnType<typeof createFilesTestApp>>;
let staffA: { token: string; staffId: number };
let tenantA: number;
let staffB: { token: string };
let tenantB: number;
beforeAll(async () => {
  env = await createFilesTestApp({ uploadMaxBytes: 200 * 1024 });
  tenantA = (await makeTenant(env.t.db)).tenantId;
  staffA = await makeStaff(env.t.db, tenantA);
  tenantB = (await makeTenant(env.t.db)).tenantId;
  staffB = await makeStaff(env.t.db, tenantB);
});
afterAll(async () => env?.t.close());

const SIGN = '/pub-svc-center/api/v1/file:sign';

async function sign(token: string | null, query = 'expire=86400&dir=invoice') {
  return env.t.app.inject({
    method: 'GET',
    url: `${SIGN}?${query}`,
    headers: token ? { 'x-session-token': token } : {},
  });
}

type Signed = {
  dir: string;
  policy: string;
  access_id: string;
  signature: string;
  host: string;
  expire: number;
  fields: Record<string, string>;
};
async function signed(token = staffA.token): Promise<Signed> {
  const res = await sign(token);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

async function post(
  s: Signed,
  key: string,
  file?: { name: string; content: Buffer },
  override: Record<string, string> = {},
) {
  const { payload, headers } = uploadForm({ key, ...s.fields, ...override }, file);
  return env.t.app.inject({ method: 'POST', url: s.host, payload, headers });
}

/** The request is refused with this code and message, and nothing new is on disk. */
async function expectRefused(
  send: () => Promise<{ statusCode: number; json(): { status: number; msg: string; data: unknown } }>,
  status: number,
  code: number,
  msg: string | RegExp,
) {
  const before = env.stored();
  const res = await send();
  expect(res.statusCode).toBe(status);
  const body = res.json();
  expect(body.status).toBe(code);
  expect(body.msg).toMatch(msg);
  expect(body.data).toBeNull();
  expect(env.stored()).toEqual(before);
}

describe('file:sign', () => {
  it('answers a policy scoped to the caller tenant directory, signed, with the spec fields', async () => {
    const res = await sign(staffA.token);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Signed & { max_size: number };
    // A random directory of this form's own inside the tenant's, recorded for the caller.
    expect(data.dir).toMatch(new RegExp(`^invoice/t${tenantA}/[0-9a-f]{32}/$`));
    const grant = await env.t.db
      .selectFrom('upload_grants')
      .selectAll()
      .where('dir', '=', data.dir)
      .executeTakeFirstOrThrow();
    expect(grant).toMatchObject({ tenant_id: tenantA, staff_id: staffA.staffId });
    expect(data.host).toBe('/pub-svc-center/api/v1/files/upload');
    expect(data.access_id).toBe('feikong-local');
    expect(data.signature).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(data.max_size).toBe(200 * 1024);
    const policy = JSON.parse(Buffer.from(data.policy, 'base64').toString('utf8'));
    expect(Date.parse(policy.expiration) / 1000).toBe(data.expire);
    expect(data.expire - Math.floor(env.clock.now / 1000)).toBe(86_400);
    expect(policy.conditions).toEqual([
      ['starts-with', '$key', data.dir],
      ['content-length-range', 1, 200 * 1024],
      { success_action_status: '200' },
      [
        'in',
        '$content-type',
        ['image/jpeg', 'image/png', 'application/pdf', 'application/ofd', 'application/xml'],
      ],
    ]);
    expect(data.fields).toEqual({
      policy: data.policy,
      OSSAccessKeyId: 'feikong-local',
      signature: data.signature,
      success_action_status: '200',
    });
    // Each form gets a new directory; another tenant's staff gets one under its tenant.
    expect((await signed()).dir).not.toBe(data.dir);
    expect((await signed(staffB.token)).dir).toMatch(new RegExp(`^invoice/t${tenantB}/[0-9a-f]{32}/$`));
  });

  it('defaults to invoice and 86400 s; refuses an unknown dir and an expire out of bounds, naming the field', async () => {
    const res = await sign(staffA.token, '');
    expect(res.json().data.dir).toMatch(new RegExp(`^invoice/t${tenantA}/[0-9a-f]{32}/$`));
    expect(res.json().data.expire - Math.floor(env.clock.now / 1000)).toBe(86_400);
    const att = await sign(staffA.token, 'dir=attachment&expire=600');
    expect(att.json().data.dir).toMatch(new RegExp(`^attachment/t${tenantA}/[0-9a-f]{32}/$`));
    for (const [q, word] of [
      ['dir=../etc', '上传目录'],
      ['dir=reports', '上传目录'],
      ['expire=10', '有效期'],
      ['expire=99999999', '有效期'],
      ['expire=abc', '有效期'],
    ]) {
      const bad = await sign(staffA.token, q!);
      expect(bad.statusCode, q).toBe(400);
      expect(bad.json().msg, q).toContain(word);
    }
  });

  it('refuses a personal account without an organisation and an anonymous caller', async () => {
    const personal = await makePersonal(env.t.db);
    const res = await sign(personal.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().status).toBe(PlatformCode.forbidden);
    const anon = await sign(null);
    expect(anon.statusCode).toBe(401);
    expect(anon.json().data).toBeNull();
  });
});

describe('embedded upload', () => {
  it('stores each accepted format under its key and reads it back through a signed link', async () => {
    const s = await signed();
    const pdf = await makePdf(2);
    for (const [name, content, type] of [
      ['发票.jpg', FILES.jpg(), 'image/jpeg'],
      ['a.png', FILES.png(), 'image/png'],
      ['b.pdf', pdf, 'application/pdf'],
      ['发票.ofd', FILES.ofd(), 'application/ofd'],
      ['c.xml', FILES.xml(), 'application/xml'],
    ] as const) {
      const key = uploadKey(s.dir, name);
      const res = await post(s, key, { name, content });
      expect(res.statusCode, name).toBe(200);
      expect(res.json()).toEqual({
        status: 0,
        msg: '操作成功',
        data: { key, size: content.length, content_type: type },
      });
      expect(env.stored()).toContain(key);
      const link = env.storage.signDownload(key, { fileName: name });
      const got = await env.t.app.inject({ method: 'GET', url: link });
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe(type);
      expect(got.rawPayload.equals(content)).toBe(true);
    }
  });

  it('accepts access_id in place of OSSAccessKeyId', async () => {
    const s = await signed();
    const { OSSAccessKeyId: _, ...rest } = s.fields;
    const key = uploadKey(s.dir, 'x.png');
    const { payload, headers } = uploadForm(
      { key, ...rest, access_id: s.access_id },
      {
        name: 'x.png',
        content: FILES.png(),
      },
    );
    const res = await env.t.app.inject({ method: 'POST', url: s.host, payload, headers });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a key that exists already, leaving the first file as it was', async () => {
    const s = await signed();
    const key = uploadKey(s.dir, 'same.png');
    expect((await post(s, key, { name: 'same.png', content: FILES.png() })).statusCode).toBe(200);
    await expectRefused(
      () => post(s, key, { name: 'same.png', content: Buffer.concat([FILES.png(), Buffer.from('other')]) }),
      409,
      FileCode.uploadExists,
      '文件已存在，请勿重复上传',
    );
  });

  it('refuses a tampered policy, a tampered signature and a foreign access id (403)', async () => {
    const s = await signed();
    const key = uploadKey(s.dir, 't.png');
    const file = { name: 't.png', content: FILES.png() };
    // A policy widened to any key, with the original signature.
    const doc = JSON.parse(Buffer.from(s.policy, 'base64').toString());
    doc.conditions[0] = ['starts-with', '$key', ''];
    const widened = Buffer.from(JSON.stringify(doc)).toString('base64');
    const sig = s.signature;
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    for (const override of <Record<string, string>[]>[
      { policy: widened },
      { signature: flipped },
      { signature: 'short' },
      { OSSAccessKeyId: 'someone-else' },
    ]) {
      await expectRefused(
        () => post(s, key, file, override),
        403,
        FileCode.uploadSignatureInvalid,
        '上传签名无效，请重新获取上传凭证',
      );
    }
  });

  it('refuses an expired policy (403)', async () => {
    const s = await signed();
    const key = uploadKey(s.dir, 'late.png');
    const saved = env.clock.now;
    env.clock.now += 86_401_000;
    try {
      await expectRefused(
        () => post(s, key, { name: 'late.png', content: FILES.png() }),
        403,
        FileCode.uploadPolicyExpired,
        '上传凭证已过期，请重新获取上传凭证',
      );
    } finally {
      env.clock.now = saved;
    }
  });

  it("refuses a key outside the signed directory, another tenant's directory and a malformed key", async () => {
    const s = await signed();
    const file = { name: 'k.png', content: FILES.png() };
    for (const key of [
      uploadKey(`invoice/t${tenantB}/`, 'k.png'),
      uploadKey('attachment/t' + tenantA + '/', 'k.png'),
      // The tenant's directory, but not this form's random one (another form's, or none).
      uploadKey(`invoice/t${tenantA}/`, 'k.png'),
      uploadKey(`invoice/t${tenantA}/${'0'.repeat(32)}/`, 'k.png'),
      uploadKey('', 'k.png'),
      `../invoice/t${tenantA}/x.png`,
    ]) {
      await expectRefused(
        () => post(s, key, file),
        403,
        FileCode.uploadOutsideDir,
        '文件路径不在授权的上传目录内',
      );
    }
    for (const key of [
      `${s.dir}k.png`,
      `${s.dir}2026/13/01/1764000000000_${'a'.repeat(32)}.png`,
      `${s.dir}2026/11/25/1764000000000_${'a'.repeat(32)}.exe`,
      `${s.dir}2026/11/25/../../x.png`,
      `${s.dir}2026/11/25/1764000000000_notmd5.png`,
    ]) {
      await expectRefused(() => post(s, key, file), 400, FileCode.uploadKeyFormat, /^key 格式错误/);
    }
  });

  it('refuses an oversize file, an empty one, a missing file field and missing form fields', async () => {
    const s = await signed();
    const big = Buffer.concat([FILES.png(), Buffer.alloc(200 * 1024)]);
    await expectRefused(
      () => post(s, uploadKey(s.dir, 'big.png'), { name: 'big.png', content: big }),
      400,
      FileCode.uploadTooLarge,
      '文件大小超出限制（最大 200KB）',
    );
    await expectRefused(
      () => post(s, uploadKey(s.dir, 'e.png'), { name: 'e.png', content: Buffer.alloc(0) }),
      400,
      FileCode.uploadEmpty,
      '文件不能为空',
    );
    await expectRefused(
      () => post(s, uploadKey(s.dir, 'n.png')),
      400,
      FileCode.uploadFileMissing,
      '请选择要上传的文件（file）',
    );
    // A file under another field name is no file.
    await expectRefused(
      () =>
        post(s, uploadKey(s.dir, 'f.png'), { name: 'f.png', content: FILES.png(), field: 'upload' } as never),
      400,
      FileCode.uploadFileMissing,
      '请选择要上传的文件（file）',
    );
    for (const drop of ['policy', 'signature', 'OSSAccessKeyId']) {
      const { [drop]: _, ...rest } = s.fields;
      const key = uploadKey(s.dir, 'm.png');
      const { payload, headers } = uploadForm({ key, ...rest }, { name: 'm.png', content: FILES.png() });
      await expectRefused(
        () => env.t.app.inject({ method: 'POST', url: s.host, payload, headers }),
        400,
        FileCode.uploadFieldMissing,
        `上传参数缺失：${drop === 'OSSAccessKeyId' ? 'access_id' : drop}`,
      );
    }
    const { payload, headers } = uploadForm({ ...s.fields }, { name: 'm.png', content: FILES.png() });
    await expectRefused(
      () => env.t.app.inject({ method: 'POST', url: s.host, payload, headers }),
      400,
      FileCode.uploadFieldMissing,
      '上传参数缺失：key',
    );
    // Not a form at all.
    await expectRefused(
      () => env.t.app.inject({ method: 'POST', url: s.host, payload: { key: 'x' } }),
      400,
      FileCode.uploadFileMissing,
      '请选择要上传的文件（file）',
    );
  });

  it('tells the type by the bytes: text named .jpg, a zip without OFD.xml and a PNG named .pdf are refused', async () => {
    const s = await signed();
    await expectRefused(
      () =>
        post(s, uploadKey(s.dir, 'lie.jpg'), {
          name: 'lie.jpg',
          content: Buffer.from('这不是图片，只是文字'),
        }),
      400,
      FileCode.uploadTypeRefused,
      '文件类型不支持：仅支持 JPG、PNG、PDF、OFD、XML 文件',
    );
    const zip = Buffer.from(FILES.ofd().toString('latin1').replaceAll('OFD.xml', 'ABC.xml'), 'latin1');
    await expectRefused(
      () => post(s, uploadKey(s.dir, 'fake.ofd'), { name: 'fake.ofd', content: zip }),
      400,
      FileCode.uploadTypeRefused,
      /^文件类型不支持/,
    );
    await expectRefused(
      () => post(s, uploadKey(s.dir, 'p.pdf'), { name: 'p.pdf', content: FILES.png() }),
      400,
      FileCode.uploadExtMismatch,
      '文件扩展名与文件内容不符',
    );
  });

  it('reads the file last, as object stores do: fields after it are ignored', async () => {
    const s = await signed();
    const key = uploadKey(s.dir, 'late-fields.png');
    const b = 'XfeikongX';
    const part = (name: string, value: string) =>
      `--${b}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const payload = Buffer.concat([
      Buffer.from(part('key', key)),
      Buffer.from(
        `--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      FILES.png(),
      Buffer.from('\r\n'),
      Buffer.from(
        Object.entries(s.fields)
          .map(([k, v]) => part(k, v))
          .join(''),
      ),
      Buffer.from(`--${b}--\r\n`),
    ]);
    await expectRefused(
      () =>
        env.t.app.inject({
          method: 'POST',
          url: s.host,
          payload,
          headers: { 'content-type': `multipart/form-data; boundary=${b}` },
        }),
      400,
      FileCode.uploadFieldMissing,
      '上传参数缺失：policy',
    );
  });

  it('refuses a form whose success_action_status differs from the policy', async () => {
    const s = await signed();
    await expectRefused(
      () =>
        post(
          s,
          uploadKey(s.dir, 's.png'),
          { name: 's.png', content: FILES.png() },
          { success_action_status: '201' },
        ),
      400,
      FileCode.uploadPolicyMismatch,
      '上传参数不符合签名策略：success_action_status',
    );
  });
});

describe('sniffContent', () => {
  it('knows jpg, png, pdf, ofd and xml by their bytes and nothing else', async () => {
    expect(sniffContent(FILES.jpg())?.kind).toBe('jpg');
    expect(sniffContent(FILES.png())?.kind).toBe('png');
    expect(sniffContent(await makePdf(1))?.kind).toBe('pdf');
    expect(sniffContent(FILES.ofd())?.kind).toBe('ofd');
    expect(sniffContent(Buffer.from('\ufeff  <?xml version="1.0"?><a/>'))?.kind).toBe('xml');
    for (const other of ['hello', '<html></html>', 'PK\u0003\u0004broken', '']) {
      expect(sniffContent(Buffer.from(other)), other).toBeNull();
    }
  });
});
