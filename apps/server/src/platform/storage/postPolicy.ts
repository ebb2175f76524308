import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed POST upload policies (the object-store form upload of spec 7.12, as OSS and S3 do it):
 * the server signs a policy — an expiry and conditions on the form — and the browser posts the
 * form with the file. The embedded store checks the same policy itself (policyProblem below).
 *
 * Policy: base64 of `{"expiration": ISO time, "conditions": [...]}`; conditions are
 * `["starts-with", "$key", prefix]`, `["content-length-range", min, max]`, `{"field": "value"}` /
 * `["eq", "$field", value]` and `["in", "$content-type", [types]]`.
 */
export type PolicyCondition =
  | Record<string, string>
  | ['starts-with', string, string]
  | ['eq', string, string]
  | ['content-length-range', number, number]
  | ['in', string, string[]];

export interface PostPolicy {
  expiration: string;
  conditions: PolicyCondition[];
}

/** What the browser needs to post a file (answered by file:sign). */
export interface UploadForm {
  /** Where to post the form. */
  host: string;
  /** The key prefix the policy allows (ends with `/`). */
  dir: string;
  policy: string;
  accessId: string;
  signature: string;
  /** When the policy expires, epoch seconds. */
  expire: number;
  /** Every form field to post besides `key` and `file`, as given (the driver's own field names). */
  fields: Record<string, string>;
}

export interface UploadPolicyInput {
  /** Key prefix, ending with `/`. */
  dir: string;
  expiresInS: number;
  maxBytes: number;
  contentTypes: readonly string[];
  nowMs?: number;
}

/** The access id the embedded store answers: names the signer, not a secret. */
export const LOCAL_ACCESS_ID = 'feikong-local';

export class PostPolicySigner {
  private readonly key: Buffer;

  constructor(secret: string) {
    if (secret.length < 16) throw new Error('签名密钥至少 16 个字符');
    // A key of its own, derived from the signing secret: an upload signature is never a download one.
    this.key = createHmac('sha256', secret).update('feikong upload policy v1').digest();
  }

  sign(input: UploadPolicyInput): { policy: string; signature: string; accessId: string; expire: number } {
    const expire = Math.floor((input.nowMs ?? Date.now()) / 1000) + input.expiresInS;
    const doc: PostPolicy = {
      expiration: new Date(expire * 1000).toISOString(),
      conditions: [
        ['starts-with', '$key', input.dir],
        ['content-length-range', 1, input.maxBytes],
        { success_action_status: '200' },
        ['in', '$content-type', [...input.contentTypes]],
      ],
    };
    const policy = Buffer.from(JSON.stringify(doc)).toString('base64');
    return { policy, signature: this.mac(policy), accessId: LOCAL_ACCESS_ID, expire };
  }

  /** The policy a form carries, when its access id and signature are ours and it has not expired. */
  verify(
    form: { policy: string; signature: string; accessId: string },
    nowMs = Date.now(),
  ): { ok: true; policy: PostPolicy } | { ok: false; reason: 'invalid' | 'expired' } {
    if (form.accessId !== LOCAL_ACCESS_ID) return { ok: false, reason: 'invalid' };
    const want = Buffer.from(this.mac(form.policy));
    const got = Buffer.from(form.signature);
    if (got.length !== want.length || !timingSafeEqual(got, want)) return { ok: false, reason: 'invalid' };
    const policy = parsePolicy(form.policy);
    if (!policy) return { ok: false, reason: 'invalid' };
    const expires = Date.parse(policy.expiration);
    if (!Number.isFinite(expires) || expires <= nowMs) return { ok: false, reason: 'expired' };
    return { ok: true, policy };
  }

  private mac(policy: string): string {
    return createHmac('sha256', this.key).update(policy).digest('base64');
  }
}

export function parsePolicy(base64: string): PostPolicy | null {
  try {
    const doc = JSON.parse(Buffer.from(base64, 'base64').toString('utf8')) as PostPolicy;
    if (typeof doc?.expiration !== 'string' || !Array.isArray(doc.conditions)) return null;
    return doc;
  } catch {
    return null;
  }
}

/** A condition the form breaks: which field (without `$`) and how. */
export interface PolicyProblem {
  field: string;
  kind: 'prefix' | 'size' | 'value' | 'type' | 'unknown';
}

/**
 * The first condition of `policy` the upload breaks, or null when it meets them all. `values` are
 * the form's fields (lower-case names; `content-type` is the type the store found in the bytes),
 * `size` the file's length. A condition this checker does not know fails: a policy is never
 * looser than it reads.
 */
export function policyProblem(
  policy: PostPolicy,
  values: Record<string, string | undefined>,
  size: number,
): PolicyProblem | null {
  const valueOf = (name: string) => values[name.replace(/^\$/, '').toLowerCase()];
  for (const c of policy.conditions) {
    if (!Array.isArray(c)) {
      for (const [name, want] of Object.entries(c)) {
        if (valueOf(name) !== want) return { field: name, kind: 'value' };
      }
      continue;
    }
    const [op, a, b] = c;
    const field = typeof a === 'string' ? a.replace(/^\$/, '') : String(op);
    if (op === 'starts-with' && typeof b === 'string') {
      if (!(valueOf(a) ?? '').startsWith(b)) return { field, kind: field === 'key' ? 'prefix' : 'value' };
    } else if (op === 'eq' && typeof b === 'string') {
      if (valueOf(a) !== b) return { field, kind: 'value' };
    } else if (op === 'content-length-range' && typeof a === 'number' && typeof b === 'number') {
      if (size < a || size > b) return { field: 'file', kind: 'size' };
    } else if (op === 'in' && Array.isArray(b)) {
      if (!b.includes(valueOf(a) ?? '')) return { field, kind: 'type' };
    } else {
      return { field, kind: 'unknown' };
    }
  }
  return null;
}

/** The policy's content-length-range upper bound, if it has one. */
export function policyMaxBytes(policy: PostPolicy): number | undefined {
  for (const c of policy.conditions) {
    if (Array.isArray(c) && c[0] === 'content-length-range' && typeof c[2] === 'number') return c[2];
  }
  return undefined;
}
