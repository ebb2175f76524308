import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The budget interface's secret at rest (decision 0056): AES-256-GCM under a key derived (HKDF-SHA256) from the
 * deployment's signing secret, so a copied database alone does not give the secrets away. Stored as
 * `v1.<iv>.<tag>.<ciphertext>` (base64url). The plain secret lives only in memory while a request is signed; it
 * is never sent to a client nor logged.
 */
const INFO = 'feikong/integration/budget-interface-secret/v1';

/** Another part's secrets (the platforms' app secrets, decision 0061) use their own key: `info` names it. */
function keyOf(signingSecret: string, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', signingSecret, 'feikong', info, 32));
}

export function sealSecret(signingSecret: string, plain: string, info = INFO): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', keyOf(signingSecret, info), iv);
  const enc = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return ['v1', iv, c.getAuthTag(), enc]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function openSecret(signingSecret: string, sealed: string, info = INFO): string {
  const [v, iv, tag, enc] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || enc === undefined) throw new Error('密钥格式不正确');
  const d = createDecipheriv('aes-256-gcm', keyOf(signingSecret, info), Buffer.from(iv, 'base64url'));
  d.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([d.update(Buffer.from(enc, 'base64url')), d.final()]).toString('utf8');
}

/**
 * The signature every request to the external system carries: HMAC-SHA256 over
 * `<timestamp ms>\n<METHOD>\n<path with query>\n<body>` with the secret, hex.
 */
export function signRequest(secret: string, ts: number, method: string, pathAndQuery: string, body: string) {
  return createHmac('sha256', secret).update(`${ts}\n${method}\n${pathAndQuery}\n${body}`).digest('hex');
}
