import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import type { S3Config } from '../../config.js';
import type { DownloadSigner } from './signing.js';
import type { UploadForm, UploadPolicyInput } from './postPolicy.js';
import {
  FileNotFoundError,
  isValidKey,
  type DownloadLinkQuery,
  type FileStat,
  type FileStorage,
} from './types.js';

/**
 * Files in an S3-compatible object store (STORAGE_DRIVER=s3), for deployments with several server
 * processes. Browsers post uploads straight to the store with a presigned POST policy, which the
 * store checks itself; the server reads objects with the S3 API. Download links stay ours (signed,
 * expiring, served by the download route, which streams the object), so they look the same on
 * every driver.
 */
export class S3FileStorage implements FileStorage {
  readonly client: S3Client;

  constructor(
    private readonly cfg: S3Config,
    private readonly signer: DownloadSigner,
  ) {
    this.client = new S3Client({
      endpoint: cfg.endpoint,
      region: cfg.region,
      forcePathStyle: cfg.forcePathStyle,
      credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey },
      // Plain requests every S3-compatible store understands (no streamed CRC trailers).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async signUpload(input: UploadPolicyInput): Promise<UploadForm> {
    const post = await createPresignedPost(this.client, {
      Bucket: this.cfg.bucket,
      // `${filename}` makes the policy a starts-with condition on the key: any key under dir.
      Key: `${input.dir}\${filename}`,
      Conditions: [['content-length-range', 1, input.maxBytes]],
      Fields: { success_action_status: '200' },
      Expires: input.expiresInS,
    });
    const { key: _key, ...fields } = post.fields;
    return {
      host: post.url,
      dir: input.dir,
      policy: fields.Policy!,
      accessId: this.cfg.accessKeyId,
      signature: fields['X-Amz-Signature']!,
      expire: Math.floor((input.nowMs ?? Date.now()) / 1000) + input.expiresInS,
      fields,
    };
  }

  async put(key: string, body: Readable | Buffer, opts: { contentType: string }) {
    const bytes = Buffer.isBuffer(body) ? body : await toBuffer(body);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.cfg.bucket,
        Key: this.checked(key),
        Body: bytes,
        ContentType: opts.contentType,
      }),
    );
    return { size: bytes.length };
  }

  async putNew(key: string, body: Buffer, opts: { contentType: string }): Promise<boolean> {
    if (await this.stat(key)) return false;
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.cfg.bucket,
          Key: this.checked(key),
          Body: body,
          ContentType: opts.contentType,
          IfNoneMatch: '*',
        }),
      );
      return true;
    } catch (err) {
      if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 412) return false;
      throw err;
    }
  }

  async get(key: string): Promise<Readable> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.cfg.bucket, Key: this.checked(key) }),
      );
      return out.Body as Readable;
    } catch (err) {
      if (isNotFound(err)) throw new FileNotFoundError(key);
      throw err;
    }
  }

  async stat(key: string): Promise<FileStat | null> {
    try {
      const out = await this.client.send(
        new HeadObjectCommand({ Bucket: this.cfg.bucket, Key: this.checked(key) }),
      );
      return {
        size: out.ContentLength ?? 0,
        contentType: out.ContentType ?? 'application/octet-stream',
        modifiedAt: out.LastModified?.getTime() ?? 0,
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.cfg.bucket, Key: this.checked(key) }));
  }

  signDownload(key: string, opts: { fileName: string; expiresInS?: number }): string {
    return this.signer.sign(this.checked(key), opts);
  }

  verifyDownload(link: DownloadLinkQuery, nowMs?: number) {
    return this.signer.verify(link, nowMs);
  }

  private checked(key: string): string {
    if (!isValidKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
    return key;
  }
}

function isNotFound(err: unknown): boolean {
  return (
    err instanceof S3ServiceException &&
    (err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey' || err.name === 'NotFound')
  );
}

async function toBuffer(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
