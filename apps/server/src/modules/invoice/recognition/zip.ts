import yauzl from 'yauzl';

/**
 * Reads a small zip (an OFD package) from memory into a name → bytes map, with bounds against zip bombs:
 * at most `maxEntries` entries, `maxEntryBytes` per inflated entry and `maxTotalBytes` in all. The sizes
 * are counted on the inflated stream, not trusted from the headers. Directories are skipped.
 */
export interface ZipLimits {
  maxEntries: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
}

export const OFD_ZIP_LIMITS: ZipLimits = {
  maxEntries: 2000,
  maxEntryBytes: 16 * 1024 * 1024,
  maxTotalBytes: 64 * 1024 * 1024,
};

export class ZipError extends Error {}

export function readZip(bytes: Uint8Array, limits: ZipLimits = OFD_ZIP_LIMITS): Promise<Map<string, Buffer>> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return reject(new ZipError('不是有效的压缩包'));
      if (zip.entryCount > limits.maxEntries) {
        zip.close();
        return reject(new ZipError('压缩包中的文件过多'));
      }
      const files = new Map<string, Buffer>();
      let total = 0;
      let done = false;
      const fail = (message: string) => {
        if (done) return;
        done = true;
        zip.close();
        reject(new ZipError(message));
      };
      zip.on('error', () => fail('压缩包已损坏'));
      zip.on('end', () => {
        if (done) return;
        done = true;
        resolve(files);
      });
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        if (
          entry.uncompressedSize > limits.maxEntryBytes ||
          total + entry.uncompressedSize > limits.maxTotalBytes
        ) {
          return fail('压缩包解压后过大');
        }
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return fail('压缩包已损坏');
          const chunks: Buffer[] = [];
          let size = 0;
          stream.on('data', (chunk: Buffer) => {
            size += chunk.length;
            total += chunk.length;
            if (size > limits.maxEntryBytes || total > limits.maxTotalBytes) {
              stream.destroy();
              return fail('压缩包解压后过大');
            }
            chunks.push(chunk);
          });
          stream.on('error', () => fail('压缩包已损坏'));
          stream.on('end', () => {
            if (done) return;
            files.set(entry.fileName.replace(/^\/+/, ''), Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
