import SparkMD5 from 'spark-md5';
import type { FileSignReply, UploadDir } from '@feikong/contracts';
import { getSession } from '../../stores/session';
import { apiConfig } from './env';
import { http } from './request';

// Signed uploads (spec 7.12, 4.6): the signing params (dir, policy, access_id, signature, host) are
// fetched from file:sign and cached in localStorage until shortly before they expire; the file is
// posted as a form straight to `host` under key dir/yyyy/mm/dd/timestamp_md5(file name).ext. A
// failed upload re-fetches the params once and tries again; a second failure is 上传失败！.

export const SIGN_PATH = '/pub-svc-center/api/v1/file:sign';
/** Params live 86400 s (spec); they are dropped this long before, so no upload starts on a dying policy. */
export const SIGN_EXPIRE_S = 86_400;
export const SIGN_REFRESH_MARGIN_MS = 5 * 60_000;
export const UPLOAD_FAILED_MSG = '上传失败！';
const CACHE_PREFIX = 'feikong.uploadSign.';

export interface UploadedFile {
  /** The object's key (what other calls name as filePath). */
  key: string;
  name: string;
  size: number;
}

interface CachedSign {
  /** Whose params: a fingerprint of the session token (another login or organisation signs anew). */
  owner: string;
  params: FileSignReply;
}

const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);
const ownerOf = (token: string) => SparkMD5.hash(`upload:${token}`);

function readCache(dir: UploadDir, now: number): FileSignReply | null {
  try {
    const raw = storage()?.getItem(CACHE_PREFIX + dir);
    if (!raw) return null;
    const cached = JSON.parse(raw) as CachedSign;
    if (cached.owner !== ownerOf(getSession().token)) return null;
    if (cached.params.expire * 1000 - SIGN_REFRESH_MARGIN_MS <= now) return null;
    return cached.params;
  } catch {
    return null;
  }
}

function writeCache(dir: UploadDir, params: FileSignReply) {
  try {
    const entry: CachedSign = { owner: ownerOf(getSession().token), params };
    storage()?.setItem(CACHE_PREFIX + dir, JSON.stringify(entry));
  } catch {
    // a full or blocked localStorage only costs a fetch next time
  }
}

export function clearUploadSignCache(dir: UploadDir) {
  storage()?.removeItem(CACHE_PREFIX + dir);
}

/** The signing params of `dir`: cached ones while they last, else fetched (and cached). */
export async function getUploadSign(
  dir: UploadDir,
  opts: { refresh?: boolean } = {},
): Promise<FileSignReply> {
  if (!opts.refresh) {
    const cached = readCache(dir, Date.now());
    if (cached) return cached;
  }
  const params = await http.get<FileSignReply>(SIGN_PATH, { expire: SIGN_EXPIRE_S, dir }, { silent: true });
  writeCache(dir, params);
  return params;
}

/** dir + yyyy/mm/dd/timestamp_md5(file name).ext (spec 7.12), the extension lower-cased. */
export function uploadKeyOf(dir: string, fileName: string, now = new Date()): string {
  const dot = fileName.lastIndexOf('.');
  const ext = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${now.getFullYear()}/${pad(now.getMonth() + 1)}/${pad(now.getDate())}`;
  return `${dir}${day}/${now.getTime()}_${SparkMD5.hash(fileName)}${ext ? `.${ext}` : ''}`;
}

/** Posts the form: key, the params' fields (policy, access id, signature, success status …), file last. */
async function postFile(params: FileSignReply, file: File): Promise<UploadedFile> {
  const key = uploadKeyOf(params.dir, file.name);
  const form = new FormData();
  form.append('key', key);
  const fields = Object.keys(params.fields ?? {}).length
    ? params.fields
    : {
        policy: params.policy,
        OSSAccessKeyId: params.access_id,
        signature: params.signature,
        success_action_status: '200',
      };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', file, file.name);
  const url = params.host.startsWith('/') ? `${apiConfig.baseUrl}${params.host}` : params.host;
  const res = await fetch(url, { method: 'POST', body: form });
  if (!res.ok) throw new Error(`upload answered ${res.status}`);
  return { key, name: file.name, size: file.size };
}

/**
 * Uploads one file into `dir` (default invoice). Cached params first; on any failure the params are
 * fetched anew and the upload tried once more; then it throws 上传失败！.
 */
export async function uploadFile(file: File, dir: UploadDir = 'invoice'): Promise<UploadedFile> {
  try {
    return await postFile(await getUploadSign(dir), file);
  } catch {
    clearUploadSignCache(dir);
    try {
      return await postFile(await getUploadSign(dir, { refresh: true }), file);
    } catch {
      throw new Error(UPLOAD_FAILED_MSG);
    }
  }
}
