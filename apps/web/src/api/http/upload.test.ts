import SparkMD5 from 'spark-md5';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadSession, setSession } from '../../stores/session';
import { ok, jsonReply, queryOf, stubFetch } from '../../test/fetch';
import { configureApi } from './env';
import { setNotifier } from './request';
import {
  SIGN_PATH,
  SIGN_REFRESH_MARGIN_MS,
  UPLOAD_FAILED_MSG,
  getUploadSign,
  uploadFile,
  uploadKeyOf,
} from './upload';

const NOW = new Date(2026, 10, 25, 9, 30, 0).getTime();

function signReply(n: number, expire = Math.floor(NOW / 1000) + 86_400) {
  return {
    dir: 'invoice/t7/',
    policy: `policy-${n}`,
    access_id: 'feikong-local',
    signature: `sig-${n}`,
    host: '/pub-svc-center/api/v1/files/upload',
    expire,
    max_size: 20 * 1024 * 1024,
    fields: {
      policy: `policy-${n}`,
      OSSAccessKeyId: 'feikong-local',
      signature: `sig-${n}`,
      success_action_status: '200',
    },
  };
}

/** A server double: file:sign answers fresh params each time; the upload answers by `uploads`. */
function server(uploads: number[], signs: Array<ReturnType<typeof signReply>> = []) {
  let signed = 0;
  const posted: FormData[] = [];
  const fn = stubFetch((url, init) => {
    if (url.startsWith(SIGN_PATH)) {
      signed += 1;
      return ok(signs[signed - 1] ?? signReply(signed));
    }
    posted.push(init.body as FormData);
    const status = uploads.shift() ?? 500;
    return status === 200
      ? ok({ key: 'k' })
      : jsonReply({ status: 1, msg: '上传签名无效', data: null }, status);
  });
  return { fn, posted, signCalls: () => fn.mock.calls.filter(([u]) => u.startsWith(SIGN_PATH)) };
}

const file = () => new File(['%PDF-1.4 test'], '发票 1.PDF', { type: 'application/pdf' });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  localStorage.clear();
  reloadSession();
  setSession({ token: 'tok-a' });
  setNotifier({ error: vi.fn(), warning: vi.fn(), dialog: vi.fn() });
  configureApi({ baseUrl: '', appEnv: 'test' });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('uploadKeyOf', () => {
  it('is dir/yyyy/mm/dd/timestamp_md5(file name).ext, md5 of the UTF-8 name', () => {
    expect(uploadKeyOf('invoice/t7/', '发票 1.PDF', new Date(NOW))).toBe(
      `invoice/t7/2026/11/25/${NOW}_${SparkMD5.hash('发票 1.PDF')}.pdf`,
    );
    // The well-known MD5 of "abc", so the hash is real MD5 over UTF-8.
    expect(SparkMD5.hash('abc')).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(SparkMD5.hash('发票')).toBe('0030dfafccdd19dd8e3f83f61a201651');
    expect(uploadKeyOf('bill/t1/', 'noext', new Date(NOW))).toMatch(
      /^bill\/t1\/2026\/11\/25\/\d+_[0-9a-f]{32}$/,
    );
  });
});

describe('uploadFile', () => {
  it('signs, posts key, the fields and the file (last) to host, and answers the key', async () => {
    const s = server([200]);
    const done = await uploadFile(file(), 'invoice');
    const key = `invoice/t7/2026/11/25/${NOW}_${SparkMD5.hash('发票 1.PDF')}.pdf`;
    expect(done).toEqual({ key, name: '发票 1.PDF', size: file().size });
    const [signUrl] = s.signCalls()[0]!;
    expect(queryOf(signUrl).get('expire')).toBe('86400');
    expect(queryOf(signUrl).get('dir')).toBe('invoice');
    const [uploadUrl, init] = s.fn.mock.calls[1]!;
    expect(uploadUrl).toBe('/pub-svc-center/api/v1/files/upload');
    expect(init.method).toBe('POST');
    const form = s.posted[0]!;
    expect([...form.keys()]).toEqual([
      'key',
      'policy',
      'OSSAccessKeyId',
      'signature',
      'success_action_status',
      'file',
    ]);
    expect(form.get('key')).toBe(key);
    expect(form.get('policy')).toBe('policy-1');
    expect(form.get('success_action_status')).toBe('200');
    expect((form.get('file') as File).name).toBe('发票 1.PDF');
  });

  it('reuses cached params until shortly before they expire, then fetches new ones', async () => {
    const s = server([200, 200, 200]);
    await uploadFile(file());
    await uploadFile(file());
    expect(s.signCalls()).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('feikong.uploadSign.invoice')!).params.policy).toBe('policy-1');
    vi.setSystemTime(NOW + 86_400_000 - SIGN_REFRESH_MARGIN_MS);
    await uploadFile(file());
    expect(s.signCalls()).toHaveLength(2);
    expect(s.posted[2]!.get('policy')).toBe('policy-2');
  });

  it('does not reuse another session’s params', async () => {
    const s = server([200, 200]);
    await uploadFile(file());
    setSession({ token: 'tok-b' });
    await uploadFile(file());
    expect(s.signCalls()).toHaveLength(2);
  });

  it('re-fetches the params once when an upload fails, and succeeds with the new ones', async () => {
    const s = server([200, 403, 200]);
    await uploadFile(file());
    // The second upload uses the cached params, is refused, signs anew and posts again.
    const done = await uploadFile(file());
    expect(done.key).toMatch(/^invoice\/t7\//);
    expect(s.signCalls()).toHaveLength(2);
    expect(s.posted.map((f) => f.get('policy'))).toEqual(['policy-1', 'policy-1', 'policy-2']);
  });

  it('throws 上传失败！ after the second failure, without a third try', async () => {
    const s = server([500, 500, 200]);
    await expect(uploadFile(file())).rejects.toThrow(UPLOAD_FAILED_MSG);
    expect(UPLOAD_FAILED_MSG).toBe('上传失败！');
    expect(s.posted).toHaveLength(2);
    expect(s.signCalls()).toHaveLength(2);
  });

  it('a network error counts as a failure too; a failing file:sign ends in 上传失败！', async () => {
    let calls = 0;
    stubFetch((url) => {
      calls += 1;
      if (url.startsWith(SIGN_PATH))
        return jsonReply({ status: 10000403, msg: '您没有该操作的权限', data: null }, 403);
      throw new TypeError('Failed to fetch');
    });
    await expect(uploadFile(file())).rejects.toThrow('上传失败！');
    expect(calls).toBe(2);
  });

  it('posts to an absolute host (an object store) as given', async () => {
    const s = server([200], [{ ...signReply(1), host: 'https://bucket.example.com' }]);
    await uploadFile(file());
    expect(s.fn.mock.calls[1]![0]).toBe('https://bucket.example.com');
  });

  it('getUploadSign refresh skips the cache', async () => {
    const s = server([]);
    await getUploadSign('invoice');
    await getUploadSign('invoice');
    await getUploadSign('invoice', { refresh: true });
    expect(s.signCalls()).toHaveLength(2);
  });
});
