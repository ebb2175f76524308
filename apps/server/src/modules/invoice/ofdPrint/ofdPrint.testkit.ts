import zlib from 'node:zlib';

/**
 * Hand-made OFD packages for the renderer's tests: a minimal zip writer (stored or deflated entries), a
 * one-page OFD around given page content, and hostile variants (a zip bomb, a picture declaring more
 * pixels than the cap, a page of too many objects).
 */

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A zip of the entries, deflated; `declared` lies about an entry's inflated size (a bomb's header). */
export function zip(entries: Record<string, Buffer | string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = typeof content === 'string' ? Buffer.from(content) : content;
    const packed = zlib.deflateRawSync(data, { level: 9 });
    const nameBuf = Buffer.from(name);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(0x0800, 6); // UTF-8 names
    head.writeUInt16LE(8, 8);
    head.writeUInt32LE(crc32(data), 14);
    head.writeUInt32LE(packed.length, 18);
    head.writeUInt32LE(data.length, 22);
    head.writeUInt16LE(nameBuf.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(head, nameBuf, packed);
    centrals.push(central, nameBuf);
    offset += head.length + nameBuf.length + packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

const NS = 'xmlns:ofd="http://www.ofdspec.org/2016"';

/** A one-page OFD (210 × 140 mm) whose page layer holds `content`, with `extra` files (resources). */
export function ofdPackage(content: string, extra: Record<string, Buffer | string> = {}, res = ''): Buffer {
  return zip({
    'OFD.xml': `<?xml version="1.0" encoding="UTF-8"?><ofd:OFD ${NS} Version="1.0" DocType="OFD"><ofd:DocBody><ofd:DocInfo><ofd:DocID>t</ofd:DocID></ofd:DocInfo><ofd:DocRoot>Doc_0/Document.xml</ofd:DocRoot></ofd:DocBody></ofd:OFD>`,
    'Doc_0/Document.xml': `<?xml version="1.0" encoding="UTF-8"?><ofd:Document ${NS}><ofd:CommonData><ofd:MaxUnitID>9</ofd:MaxUnitID><ofd:PageArea><ofd:PhysicalBox>0 0 210 140</ofd:PhysicalBox></ofd:PageArea>${res ? '<ofd:DocumentRes>DocumentRes.xml</ofd:DocumentRes>' : ''}</ofd:CommonData><ofd:Pages><ofd:Page ID="1" BaseLoc="Pages/Page_0/Content.xml"/></ofd:Pages></ofd:Document>`,
    ...(res
      ? {
          'Doc_0/DocumentRes.xml': `<?xml version="1.0" encoding="UTF-8"?><ofd:Res ${NS} BaseLoc="Res">${res}</ofd:Res>`,
        }
      : {}),
    'Doc_0/Pages/Page_0/Content.xml': `<?xml version="1.0" encoding="UTF-8"?><ofd:Page ${NS}><ofd:Content><ofd:Layer ID="2">${content}</ofd:Layer></ofd:Content></ofd:Page>`,
    ...extra,
  });
}

/** A PNG header declaring width × height (no pixel data: only a decoder would notice). */
export function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const type = Buffer.from('IHDR');
  const len = Buffer.alloc(4);
  len.writeUInt32BE(13);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, ihdr])));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), len, type, ihdr, crc]);
}

/** Hostile OFDs, each refused by one cap. */
export const hostileOfd = {
  /** Content.xml inflates to 20 MB (from about 20 KB): over the zip reader's 16 MB per entry. */
  bomb: () =>
    ofdPackage('', {
      'Doc_0/Pages/Page_0/Content.xml': Buffer.concat([
        Buffer.from('<?xml version="1.0"?><ofd:Page xmlns:ofd="http://www.ofdspec.org/2016"><!--'),
        Buffer.alloc(20 * 1024 * 1024, 0x20),
        Buffer.from('--></ofd:Page>'),
      ]),
    }),
  /** A picture declaring 6,400 × 6,400 = 41 M pixels. */
  hugeImage: () =>
    ofdPackage(
      '<ofd:ImageObject ID="5" ResourceID="3" Boundary="0 0 210 140" CTM="210 0 0 140 0 0"/>',
      { 'Doc_0/Res/big.png': pngHeader(6400, 6400) },
      '<ofd:MultiMedias><ofd:MultiMedia ID="3" Type="Image"><ofd:MediaFile>big.png</ofd:MediaFile></ofd:MultiMedia></ofd:MultiMedias>',
    ),
  /** 30,000 path objects on one page. */
  crowded: () =>
    ofdPackage(
      Array.from(
        { length: 30_000 },
        (_, i) =>
          `<ofd:PathObject ID="${i + 10}" Boundary="0 0 10 10"><ofd:AbbreviatedData>M 0 0 L 1 1</ofd:AbbreviatedData></ofd:PathObject>`,
      ).join(''),
    ),
  /** A zip that is no OFD at all. */
  notOfd: () => zip({ 'readme.txt': 'hello' }),
};
