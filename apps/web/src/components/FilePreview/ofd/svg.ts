import type { OfdBox, OfdObject, OfdPage } from './parse';

/** An OFD page as SVG markup: the viewBox is the page in millimetres, `pxPerMm` sets the drawn size. */

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const n = (v: number) => String(Math.round(v * 10000) / 10000);

function placement(b: OfdBox, ctm: number[] | null): string {
  const t = b.x || b.y ? `translate(${n(b.x)} ${n(b.y)})` : '';
  const m = ctm ? `matrix(${ctm.map(n).join(' ')})` : '';
  return [t, m].filter(Boolean).join(' ');
}

const attr = (name: string, value: string | null | undefined) =>
  value === null || value === undefined || value === '' ? '' : ` ${name}="${esc(value)}"`;

function objectSvg(o: OfdObject): string {
  switch (o.type) {
    case 'text': {
      const runs = o.runs
        .map(
          (r) =>
            // Spaces as no-break spaces: collapsed white space would shift every later character's x.
            `<text x="${r.xs.map(n).join(' ')}" y="${r.ys.map(n).join(' ')}">${esc(r.text.replace(/\s/g, '\u00a0'))}</text>`,
        )
        .join('');
      return (
        `<g${attr('transform', placement(o.boundary, o.ctm))}${attr('opacity', o.alpha < 1 ? n(o.alpha) : null)}` +
        ` font-family="${esc(o.font)}" font-size="${n(o.size)}"${o.bold ? ' font-weight="bold"' : ''}` +
        `${o.italic ? ' font-style="italic"' : ''} fill="${esc(o.fill)}"` +
        `${o.stroke ? ` stroke="${esc(o.stroke)}" stroke-width="${n(o.size / 30)}"` : ''}` +
        `>${runs}</g>`
      );
    }
    case 'path':
      return (
        `<path${attr('transform', placement(o.boundary, o.ctm))} d="${esc(o.d)}"` +
        ` fill="${esc(o.fill ?? 'none')}" stroke="${esc(o.stroke ?? 'none')}"` +
        `${o.stroke ? ` stroke-width="${n(o.lineWidth)}"` : ''}${attr('stroke-linecap', o.cap)}` +
        `${attr('stroke-linejoin', o.join)}${attr('stroke-dasharray', o.dash?.length ? o.dash.map(n).join(' ') : null)}` +
        `${attr('opacity', o.alpha < 1 ? n(o.alpha) : null)}/>`
      );
    case 'image':
      return (
        `<image${attr('transform', placement(o.boundary, o.ctm))} x="0" y="0" width="1" height="1"` +
        ` preserveAspectRatio="none" href="${esc(o.href)}"${attr('opacity', o.alpha < 1 ? n(o.alpha) : null)}/>`
      );
    case 'group': {
      const t = [
        o.boundary.x || o.boundary.y ? `translate(${n(o.boundary.x)} ${n(o.boundary.y)})` : '',
        o.sx !== 1 || o.sy !== 1 ? `scale(${n(o.sx)} ${n(o.sy)})` : '',
      ]
        .filter(Boolean)
        .join(' ');
      return `<g${attr('transform', t)}${attr('opacity', o.alpha < 1 ? n(o.alpha) : null)}>${o.objects.map(objectSvg).join('')}</g>`;
    }
  }
}

export function pageSvg(page: OfdPage, pxPerMm = 96 / 25.4): string {
  const w = page.width * pxPerMm;
  const h = page.height * pxPerMm;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n(page.width)} ${n(page.height)}"` +
    ` width="${n(w)}" height="${n(h)}" style="background:#fff">` +
    `${page.objects.map(objectSvg).join('')}</svg>`
  );
}
