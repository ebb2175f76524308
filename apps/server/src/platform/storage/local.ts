import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DownloadSigner } from './signing.js';
import { PostPolicySigner, type UploadForm, type UploadPolicyInput } from './postPolicy.js';
import {
  FileNotFoundError,
  isValidKey,
  type DownloadLinkQuery,
  type FileStat,
  type FileStorage,
} from './types.js';

/**
 * Files under a directory (DATA_DIR/files). A file's content type sits beside it in `.meta/`
 * (no key can start with a dot, so no key reaches it). Writes go to a temp file first and are
 * renamed into place, so a reader never sees half a file.
 */
/** Where the embedded store receives signed upload forms (the `host` it answers). */
export const UPLOAD_PATH = '/pub-svc-center/api/v1/files/upload';

export class LocalFileStorage implements FileStorage {
  private readonly uploads: PostPolicySigner;

  constructor(
    readonly root: string,
    private readonly signer: DownloadSigner,
    /** The upload policies' secret; the download links' by default (both come from SIGNING_SECRET). */
    uploadSecret: string = signer.secretForDerivation(),
  ) {
    this.uploads = new PostPolicySigner(uploadSecret);
  }

  async signUpload(input: UploadPolicyInput): Promise<UploadForm> {
    const signed = this.uploads.sign(input);
    return {
      host: UPLOAD_PATH,
      dir: input.dir,
      ...signed,
      fields: {
        policy: signed.policy,
        OSSAccessKeyId: signed.accessId,
        signature: signed.signature,
        success_action_status: '200',
      },
    };
  }

  verifyUpload(form: { policy: string; signature: string; accessId: string }, nowMs?: number) {
    return this.uploads.verify(form, nowMs);
  }

  async putNew(key: string, body: Buffer, opts: { contentType: string }): Promise<boolean> {
    const file = this.pathOf(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
    try {
      await fsp.writeFile(tmp, body, { mode: 0o600 });
      // link() refuses an existing name atomically: of two uploads of one key, exactly one wins.
      try {
        await fsp.link(tmp, file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw err;
      }
      const meta = this.metaOf(key);
      await fsp.mkdir(path.dirname(meta), { recursive: true });
      await fsp.writeFile(meta, JSON.stringify({ contentType: opts.contentType }));
      return true;
    } finally {
      await fsp.rm(tmp, { force: true });
    }
  }

  async put(key: string, body: Readable | Buffer, opts: { contentType: string }): Promise<{ size: number }> {
    const file = this.pathOf(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
    try {
      await pipeline(
        Buffer.isBuffer(body) ? Readable.from([body]) : body,
        fs.createWriteStream(tmp, { mode: 0o600 }),
      );
      const meta = this.metaOf(key);
      await fsp.mkdir(path.dirname(meta), { recursive: true });
      await fsp.writeFile(meta, JSON.stringify({ contentType: opts.contentType }));
      await fsp.rename(tmp, file);
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
    const { size } = await fsp.stat(file);
    return { size };
  }

  async get(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    const handle = await fsp.open(file, 'r').catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') throw new FileNotFoundError(key);
      throw err;
    });
    return handle.createReadStream();
  }

  async stat(key: string): Promise<FileStat | null> {
    try {
      const st = await fsp.stat(this.pathOf(key));
      if (!st.isFile()) return null;
      let contentType = 'application/octet-stream';
      try {
        contentType = JSON.parse(await fsp.readFile(this.metaOf(key), 'utf8')).contentType ?? contentType;
      } catch {
        // a file without metadata is served as bytes
      }
      return { size: st.size, contentType, modifiedAt: st.mtimeMs };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
    await fsp.rm(this.metaOf(key), { force: true });
  }

  signDownload(key: string, opts: { fileName: string; expiresInS?: number }): string {
    this.pathOf(key);
    return this.signer.sign(key, opts);
  }

  verifyDownload(link: DownloadLinkQuery, nowMs?: number) {
    return this.signer.verify(link, nowMs);
  }

  /** Where a key's file is on this machine (operators check uploaded files with it, see src/ops.ts). */
  localPath(key: string): string {
    return this.pathOf(key);
  }

  private pathOf(key: string): string {
    if (!isValidKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
    return path.join(this.root, key);
  }

  private metaOf(key: string): string {
    return path.join(this.root, '.meta', `${key}.json`);
  }
}
