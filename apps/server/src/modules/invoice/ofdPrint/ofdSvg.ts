import type { OfdBox, OfdObject, OfdPage } from './ofdPage.js';

/**
 * An OFD page as SVG for librsvg (sharp): the viewBox is the page in millimetres, width × height the
 * pixels wanted. Each character is its own <tspan> at its own x/y (librsvg reads one position per
 * element), so the layout is the file's whatever font stands in. Each distinct picture is written once in
 * <defs> and drawn with <use>, so a picture repeated on a page does not repeat its bytes.
 */

const esc = (s: string) =>
  s
    // characters XML 1.0 forbids would make the whole SVG unreadable
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
const n = (v: number) => String(Math.round(v * 10000) / 10000);
const opt = (name: string, value: string | null | undefined) =>
  value === null || value === undefined || value === '' ? '' : ` ${name}="${esc(value)}"`;

function placement(b: OfdBox, ctm: number[] | null): string {
  const t = b.x || b.y ? `translate(${n(b.x)} ${n(b.y)})` : '';
  const m = ctm ? `matrix(${ctm.map(n).join(' ')})` : '';
  return [t, m].filter(Boolean).join(' ');
}

class Writer {
  private readonly images = new Map<Uint8Array, string>();
  readonly defs: string[] = [];

  imageId(bytes: Uint8Array, mime: string): string {
    let id = this.images.get(bytes);
    if (!id) {
      id = `i${this.images.size}`;
      this.images.set(bytes, id);
      this.defs.push(
        `<image id="${id}" x="0" y="0" width="1" height="1" preserveAspectRatio="none" href="data:${mime};base64,${Buffer.from(bytes).toString('base64')}"/>`,
      );
    }
    return id;
  }

  object(o: OfdObject): string {
    const alpha = 'alpha' in o && o.alpha < 1 ? n(o.alpha) : null;
    switch (o.type) {
      case 'text': {
        const chars = o.chars
          .filter((ch) => ch.c.trim())
          .map((ch) => `<tspan x="${n(ch.x)}" y="${n(ch.y)}">${esc(ch.c)}</tspan>`)
          .join('');
        if (!chars) return '';
        return (
          `<text${opt('transform', placement(o.boundary, o.ctm))}${opt('opacity', alpha)}` +
          ` font-family="${esc(o.font)}" font-size="${n(o.size)}"${o.bold ? ' font-weight="bold"' : ''}` +
          `${o.italic ? ' font-style="italic"' : ''} fill="${esc(o.fill)}"` +
          `${o.stroke ? ` stroke="${esc(o.stroke)}" stroke-width="${n(o.size / 30)}"` : ''}>${chars}</text>`
        );
      }
      case 'path':
        return (
          `<path${opt('transform', placement(o.boundary, o.ctm))} d="${esc(o.d)}"` +
          ` fill="${esc(o.fill ?? 'none')}" stroke="${esc(o.stroke ?? 'none')}"` +
          `${o.stroke ? ` stroke-width="${n(o.lineWidth)}"` : ''}${opt('stroke-linecap', o.cap)}` +
          `${opt('stroke-linejoin', o.join)}${opt('stroke-dasharray', o.dash?.length ? o.dash.map(n).join(' ') : null)}` +
          `${opt('opacity', alpha)}/>`
        );
      case 'image':
        return `<use href="#${this.imageId(o.bytes, o.mime)}"${opt('transform', placement(o.boundary, o.ctm))}${opt('opacity', alpha)}/>`;
      case 'group': {
        const t = [
          o.boundary.x || o.boundary.y ? `translate(${n(o.boundary.x)} ${n(o.boundary.y)})` : '',
          o.sx !== 1 || o.sy !== 1 ? `scale(${n(o.sx)} ${n(o.sy)})` : '',
        ]
          .filter(Boolean)
          .join(' ');
        return `<g${opt('transform', t)}>${o.objects.map((c) => this.object(c)).join('')}</g>`;
      }
    }
  }
}

/** The page as SVG markup `widthPx` × `heightPx` on white. */
export function ofdPageSvg(page: OfdPage, widthPx: number, heightPx: number): string {
  const w = new Writer();
  const body = page.objects.map((o) => w.object(o)).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n(page.width)} ${n(page.height)}"` +
    ` width="${widthPx}" height="${heightPx}" preserveAspectRatio="none">` +
    `<rect x="0" y="0" width="${n(page.width)}" height="${n(page.height)}" fill="#ffffff"/>` +
    `<defs>${w.defs.join('')}</defs>${body}</svg>`
  );
}
