import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
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
  private loaded: Promise<Sdk> | null = null;

  constructor(
    private readonly cfg: S3Config,
    private readonly signer: DownloadSigner,
  ) {}

  /**
   * The AWS SDK and a client, loaded on first use: a process on the local driver never loads it
   * (it costs a few hundred ms at start).
   */
  private sdk(): Promise<Sdk> {
    this.loaded ??= (async () => {
      const s3 = await import('@aws-sdk/client-s3');
      const { createPresignedPost } = await import('@aws-sdk/s3-presigned-post');
      const client = new s3.S3Client({
        endpoint: this.cfg.endpoint,
        region: this.cfg.region,
        forcePathStyle: this.cfg.forcePathStyle,
        credentials: { accessKeyId: this.cfg.accessKeyId, secretAccessKey: this.cfg.secretAccessKey },
        // Plain requests every S3-compatible store understands (no streamed CRC trailers).
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
      return { s3, createPresignedPost, client };
    })();
    return this.loaded;
  }

  async signUpload(input: UploadPolicyInput): Promise<UploadForm> {
    const { createPresignedPost, client } = await this.sdk();
    const post = await createPresignedPost(client, {
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
    const { s3, client } = await this.sdk();
    await client.send(
      new s3.PutObjectCommand({
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
    const { s3, client } = await this.sdk();
    try {
      await client.send(
        new s3.PutObjectCommand({
          Bucket: this.cfg.bucket,
          Key: this.checked(key),
          Body: body,
          ContentType: opts.contentType,
          IfNoneMatch: '*',
        }),
      );
      return true;
    } catch (err) {
      if (err instanceof s3.S3ServiceException && err.$metadata.httpStatusCode === 412) return false;
      throw err;
    }
  }

  async get(key: string): Promise<Readable> {
    const { s3, client } = await this.sdk();
    try {
      const out = await client.send(
        new s3.GetObjectCommand({ Bucket: this.cfg.bucket, Key: this.checked(key) }),
      );
      return out.Body as Readable;
    } catch (err) {
      if (isNotFound(s3, err)) throw new FileNotFoundError(key);
      throw err;
    }
  }

  async stat(key: string): Promise<FileStat | null> {
    const { s3, client } = await this.sdk();
    try {
      const out = await client.send(
        new s3.HeadObjectCommand({ Bucket: this.cfg.bucket, Key: this.checked(key) }),
      );
      return {
        size: out.ContentLength ?? 0,
        contentType: out.ContentType ?? 'application/octet-stream',
        modifiedAt: out.LastModified?.getTime() ?? 0,
      };
    } catch (err) {
      if (isNotFound(s3, err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const { s3, client } = await this.sdk();
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.cfg.bucket, Key: this.checked(key) }));
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

interface Sdk {
  s3: typeof import('@aws-sdk/client-s3');
  createPresignedPost: typeof import('@aws-sdk/s3-presigned-post').createPresignedPost;
  client: S3Client;
}

function isNotFound(s3: Sdk['s3'], err: unknown): boolean {
  return (
    err instanceof s3.S3ServiceException &&
    (err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey' || err.name === 'NotFound')
  );
}

async function toBuffer(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
