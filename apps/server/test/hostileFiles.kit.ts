import zlib from 'node:zlib';

/**
 * Hostile files made on the spot (never downloaded), for the hostile-file suite and
 * bench/hostile-files.ts: a PDF of many pages sharing one content stream, a PDF holding one huge
 * image declared in a small file, a PDF whose content stream inflates to a gigabyte, and PNGs of a
 * chosen pixel count. Each is a few hundred KB at most and takes milliseconds to make: a deflate
 * block of zeros, flushed to a byte boundary, is repeated (its matches reach only into itself).
 */

/** A zlib stream (header, deflate, Adler-32) of `total` zero bytes, about 1 KB per MiB. */
export function zerosZlib(total: number): Buffer {
  const CHUNK = 1 << 20;
  const block = zlib.deflateRawSync(Buffer.alloc(CHUNK), {
    level: 9,
    finishFlush: zlib.constants.Z_SYNC_FLUSH,
  });
  const parts: Buffer[] = [Buffer.from([0x78, 0xda])];
  let left = total;
  for (; left >= CHUNK; left -= CHUNK) parts.push(block);
  // the rest, then a final empty block
  parts.push(zlib.deflateRawSync(Buffer.alloc(left), { level: 9 }));
  // Adler-32 of zeros: a = 1, b = n mod 65521.
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(((total % 65521) * 65536 + 1) >>> 0);
  parts.push(adler);
  return Buffer.concat(parts);
}

/** A PDF from its objects (1-based, object 1 the catalog), with a correct cross-reference table. */
export function rawPdf(objects: (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let at = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(at);
    const head = Buffer.from(`${i + 1} 0 obj\n`, 'latin1');
    const content = typeof body === 'string' ? Buffer.from(body, 'latin1') : body;
    const tail = Buffer.from('\nendobj\n', 'latin1');
    parts.push(head, content, tail);
    at += head.length + content.length + tail.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`];
  for (const o of offsets) xref.push(`${String(o).padStart(10, '0')} 00000 n \n`);
  xref.push(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`);
  parts.push(Buffer.from(xref.join(''), 'latin1'));
  return Buffer.concat(parts);
}

function stream(dict: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

/** `pages` A4 pages that all draw the same content stream (about 70 bytes a page). */
export function manyPagesPdf(pages: number): Buffer {
  const kids: string[] = [];
  const objects: (string | Buffer)[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '',
    stream('', Buffer.from('0 0 m 10 10 l S')),
  ];
  for (let i = 0; i < pages; i += 1) {
    kids.push(`${i + 4} 0 R`);
    objects.push('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 3 0 R >>');
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages} >>`;
  return rawPdf(objects);
}

/** One page drawing one gray image of width × height pixels, all black, flate-compressed. */
export function hugeImagePdf(width: number, height: number): Buffer {
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im0 5 0 R >> >> /Contents 4 0 R >>',
    stream('', Buffer.from('q 595 0 0 842 0 0 cm /Im0 Do Q')),
    stream(
      `/Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode`,
      zerosZlib(width * height),
    ),
  ]);
}

/** One page whose content stream inflates to `bytes` zero bytes (whitespace to a PDF reader). */
export function flateBombPdf(bytes: number): Buffer {
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    stream('/Filter /FlateDecode', zerosZlib(bytes)),
  ]);
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A white-on-nothing (all zero, black) 8-bit gray PNG of width × height, a few hundred KB at most. */
export function blankPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // gray
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    // every row: filter byte 0 and `width` zero pixels
    pngChunk('IDAT', zerosZlib((width + 1) * height)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
