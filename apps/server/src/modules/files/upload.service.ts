import { UPLOAD_DIRS, type FileSignReply, type FileUploadReply, type UploadDir } from '@feikong/contracts';
import type { TenantCaller } from '../../platform/context.js';
import type { AppServices } from '../../platform/types.js';
import {
  SNIFFED_CONTENT_TYPES,
  policyMaxBytes,
  policyProblem,
  sniffContent,
  type PostPolicy,
} from '../../platform/storage/index.js';
import { fileErrors } from './files.errors.js';
import { insertGrant } from './grants.repo.js';
import { tenantDir } from './objects.service.js';

/**
 * Signed uploads (spec 7.12): file:sign answers a policy for keys under a random directory of the
 * caller's own inside the tenant's (recorded in upload_grants: who uploaded a key); the browser posts the form with the file to `host`. On the embedded store that host is
 * this server (receiveUpload), which checks everything the policy says plus the file's real type.
 */
export async function signUpload(
  deps: AppServices,
  caller: TenantCaller,
  q: { expire: number; dir: UploadDir },
): Promise<FileSignReply> {
  const maxBytes = deps.config.uploadMaxBytes;
  // A random directory of this form's own, recorded for the caller: its keys are theirs and unguessable.
  const dir = await insertGrant(deps.db, caller, tenantDir(q.dir, caller.tenantId), now(deps));
  const form = await deps.storage.signUpload({
    dir,
    expiresInS: q.expire,
    maxBytes,
    contentTypes: SNIFFED_CONTENT_TYPES,
    nowMs: now(deps),
  });
  return {
    dir: form.dir,
    policy: form.policy,
    access_id: form.accessId,
    signature: form.signature,
    host: form.host,
    expire: form.expire,
    max_size: maxBytes,
    fields: form.fields,
  };
}

/** A posted upload form: its text fields and the file part `file` (null when there was none). */
export interface UploadFormInput {
  fields: Record<string, string>;
  file: { content: Buffer; truncated: boolean } | null;
}

const EXT_OF_KIND: Record<string, readonly string[]> = {
  jpg: ['jpg', 'jpeg'],
  png: ['png'],
  pdf: ['pdf'],
  ofd: ['ofd'],
  xml: ['xml'],
};

/** A directory the signer hands out: `<upload dir>/t<tenant>/<32 hex>/` (one grant's, grants.repo.ts). */
const SIGNED_DIR = new RegExp(`^(${UPLOAD_DIRS.join('|')})/t[1-9]\\d{0,15}/[0-9a-f]{32}/$`);

/** dir + yyyy/mm/dd/timestamp_md5(file name).ext (spec 7.12). */
const KEY_TAIL = /^(\d{4})\/(\d{2})\/(\d{2})\/\d{10,16}_[0-9a-f]{32}\.(jpg|jpeg|png|pdf|ofd|xml)$/;

/** A form whose credential and key passed (checkUploadCredential). */
export interface CheckedUpload {
  key: string;
  policy: PostPolicy;
  /** The key's extension, lower case. */
  ext: string;
}

/**
 * The form's credential and key, checked before its file is read: the fields are present, the
 * signature, access id and expiry hold, and the key lies in the signed directory in the spec's format.
 */
export function checkUploadCredential(deps: AppServices, f: Record<string, string>): CheckedUpload {
  const verify = deps.storage.verifyUpload?.bind(deps.storage);
  if (!verify) throw fileErrors.uploadNotHere();
  const accessId = f.access_id ?? f.OSSAccessKeyId;
  for (const [name, value] of [
    ['policy', f.policy],
    ['signature', f.signature],
    ['access_id', accessId],
    ['key', f.key],
  ] as const) {
    if (!value) throw fileErrors.uploadFieldMissing(name);
  }
  const check = verify({ policy: f.policy!, signature: f.signature!, accessId: accessId! }, now(deps));
  if (!check.ok) {
    throw check.reason === 'expired' ? fileErrors.uploadPolicyExpired() : fileErrors.uploadSignatureInvalid();
  }
  const key = f.key!;
  const dir = signedDir(check.policy);
  if (!dir) throw fileErrors.uploadSignatureInvalid();
  if (!key.startsWith(dir)) throw fileErrors.uploadOutsideDir();
  const tail = KEY_TAIL.exec(key.slice(dir.length));
  if (!tail || !isDate(tail[1]!, tail[2]!, tail[3]!)) throw fileErrors.uploadKeyFormat();
  return { key, policy: check.policy, ext: tail[4]! };
}

/**
 * Checks a posted form in full and stores the file, or refuses with the first problem found and
 * stores nothing. Order: the credential (policy, signature, expiry), then the key, then the file.
 */
export async function receiveUpload(deps: AppServices, form: UploadFormInput): Promise<FileUploadReply> {
  const f = form.fields;
  const { key, policy, ext } = checkUploadCredential(deps, f);
  if (!form.file) throw fileErrors.uploadFileMissing();
  const max = Math.min(deps.config.uploadMaxBytes, policyMaxBytes(policy) ?? Infinity);
  if (form.file.truncated || form.file.content.length > max) throw fileErrors.uploadTooLarge(max);
  const content = form.file.content;
  if (content.length === 0) throw fileErrors.uploadEmpty();
  const kind = sniffContent(content);
  if (!kind) throw fileErrors.uploadTypeRefused();
  if (!EXT_OF_KIND[kind.kind]!.includes(ext)) throw fileErrors.uploadExtMismatch();

  const problem = policyProblem(
    policy,
    {
      key,
      success_action_status: f.success_action_status,
      'content-type': kind.contentType,
    },
    content.length,
  );
  if (problem) {
    if (problem.kind === 'size') throw fileErrors.uploadTooLarge(max);
    if (problem.kind === 'type') throw fileErrors.uploadTypeRefused();
    if (problem.kind === 'prefix') throw fileErrors.uploadOutsideDir();
    throw fileErrors.uploadPolicyMismatch(problem.field);
  }
  const stored = await deps.storage.putNew(key, content, { contentType: kind.contentType });
  if (!stored) throw fileErrors.uploadExists();
  return { key, size: content.length, content_type: kind.contentType };
}

/** The key prefix the policy's starts-with condition allows, when it is one the signer hands out. */
function signedDir(policy: PostPolicy): string | null {
  for (const c of policy.conditions) {
    if (Array.isArray(c) && c[0] === 'starts-with' && c[1] === '$key' && typeof c[2] === 'string') {
      return SIGNED_DIR.test(c[2]) ? c[2] : null;
    }
  }
  return null;
}

function isDate(y: string, m: string, d: string): boolean {
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return (
    date.getUTCFullYear() === Number(y) &&
    date.getUTCMonth() === Number(m) - 1 &&
    date.getUTCDate() === Number(d)
  );
}

const now = (deps: AppServices) => (deps.clock ?? Date.now)();
