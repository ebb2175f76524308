import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  applyImageAction,
  clampScale,
  decodeText,
  extensionOf,
  formatSize,
  imageTransform,
  INITIAL_VIEW,
  validZoomStep,
  viewerFor,
  type ImageAction,
} from './rules';

const link = '/pub-svc-center/api/v1/files/download?key=invoice%2Ft1%2Fdemo%2Fab.bin&name=x&expires=1&sig=s';

describe('viewerFor (spec 4.5)', () => {
  it.each([
    ['发票.pdf', 'pdf'],
    ['发票.PDF', 'pdf'],
    ['发票.ofd', 'ofd'],
    ['报销说明.doc', 'office'],
    ['报销说明.docx', 'office'],
    ['费用明细.xls', 'office'],
    ['费用明细.xlsx', 'office'],
    ['备注.txt', 'text'],
    ['照片.jpg', 'image'],
    ['照片.png', 'image'],
    ['扫描件.bmp', 'image'],
    ['无扩展名', 'image'],
  ] as const)('%s → %s', (name, kind) => {
    expect(viewerFor({ name, url: link })).toBe(kind);
  });

  it('opens a path containing pdffile in the PDF viewer whatever its name', () => {
    expect(viewerFor({ name: 'invoice', url: 'https://oss.example/pdffile/2024/abc' })).toBe('pdf');
  });

  it('falls back to the link path’s extension when the name has none', () => {
    expect(viewerFor({ name: '发票', url: '/files/2024/a.ofd?sig=1' })).toBe('ofd');
    expect(viewerFor({ name: '', url: '/files/%E0%A4%A/a.txt' })).toBe('text');
    expect(extensionOf('a/b.c/d')).toBe('');
    expect(extensionOf('.txt')).toBe('txt');
  });
});

describe('image zoom, rotate, flip', () => {
  const run = (actions: ImageAction[], step?: number) =>
    actions.reduce((v, a) => applyImageAction(v, a, step), INITIAL_VIEW);

  it('zooms by 1.2 by default: twice in is 1.44, out again is 1.2', () => {
    expect(run(['zoomIn', 'zoomIn']).scale).toBe(1.44);
    expect(run(['zoomIn', 'zoomIn', 'zoomOut']).scale).toBe(1.2);
  });

  it('keeps the scale within 0.6–3', () => {
    expect(run(Array(20).fill('zoomIn')).scale).toBe(3);
    expect(run(Array(20).fill('zoomOut')).scale).toBe(0.6);
    expect(clampScale(0.1)).toBe(0.6);
    expect(clampScale(9)).toBe(3);
  });

  it('takes a zoom step above 1 and at most 1.5, else 1.2', () => {
    expect(validZoomStep(1.5)).toBe(1.5);
    expect(validZoomStep(1.1)).toBe(1.1);
    expect(validZoomStep(1)).toBe(1.2);
    expect(validZoomStep(1.6)).toBe(1.2);
    expect(validZoomStep(Number.NaN)).toBe(1.2);
    expect(run(['zoomIn'], 1.5).scale).toBe(1.5);
    expect(run(['zoomIn'], 2).scale).toBe(1.2);
  });

  it('rotates by 90°, flips, and resets', () => {
    expect(run(['rotate']).rotate).toBe(90);
    expect(run(['rotate', 'rotate', 'rotate', 'rotate']).rotate).toBe(0);
    expect(run(['rotateBack']).rotate).toBe(270);
    const v = run(['zoomIn', 'rotate', 'flipX']);
    expect(imageTransform(v)).toBe('scale(1.2) rotate(90deg) scaleX(-1) scaleY(1)');
    expect(applyImageAction(v, 'reset')).toEqual(INITIAL_VIEW);
  });
});

describe('decodeText', () => {
  it('reads UTF-8, and GB18030 when the bytes are not UTF-8 (the seeded 备注.txt)', () => {
    expect(decodeText(new TextEncoder().encode('报销备注'))).toEqual({ text: '报销备注', encoding: 'utf-8' });
    let dir = process.cwd();
    while (!fs.existsSync(path.join(dir, 'test-data'))) dir = path.dirname(dir);
    const gb = new Uint8Array(fs.readFileSync(path.join(dir, 'test-data/preview/remark_gb18030.txt')));
    const out = decodeText(gb);
    expect(out.encoding).toBe('gb18030');
    expect(out.text).toContain('北京互联三六五科技有限公司');
    expect(out.text).toContain('肆仟肆佰肆拾玖圆整');
  });

  it('formats sizes', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(null)).toBe('未知大小');
  });
});
