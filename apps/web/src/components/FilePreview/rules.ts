import { IMAGE_ZOOM } from '@feikong/contracts';

/** The pure rules of the file preview (spec 4.5): which viewer opens a file, image zoom, text decoding. */

export type ViewerKind = 'pdf' | 'ofd' | 'office' | 'text' | 'image';

export interface PreviewFile {
  /** The name shown (and whose extension picks the viewer). */
  name: string;
  /** A link the browser can fetch (the server's signed download link). */
  url: string;
}

/** The extension of a name or URL path, lower case, without the dot ('' when none). */
export function extensionOf(nameOrUrl: string): string {
  const path = nameOrUrl.split(/[?#]/)[0] ?? '';
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 || (dot === 0 && base.length > 1) ? base.slice(dot + 1).toLowerCase() : '';
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s; // a malformed %-escape: read the path as it is
  }
}

/**
 * spec 4.5: pdf (or a path containing pdffile) → PDF viewer; ofd → OFD viewer; doc, docx, xls, xlsx →
 * office viewer; txt → text viewer; anything else → image viewer with gallery. The file name decides;
 * without an extension in the name, the link's path does.
 */
export function viewerFor(file: PreviewFile): ViewerKind {
  const ext = extensionOf(file.name) || extensionOf(safeDecode(file.url.split('?')[0] ?? ''));
  if (ext === 'pdf' || file.url.toLowerCase().includes('pdffile')) return 'pdf';
  if (ext === 'ofd') return 'ofd';
  if (['doc', 'docx', 'xls', 'xlsx'].includes(ext)) return 'office';
  if (ext === 'txt') return 'text';
  return 'image';
}

// ---------- image viewer ----------

export interface ImageView {
  scale: number;
  /** Degrees, a multiple of 90 in [0, 360). */
  rotate: number;
  flipX: boolean;
  flipY: boolean;
}

export const INITIAL_VIEW: ImageView = { scale: 1, rotate: 0, flipX: false, flipY: false };

/** The zoom step option: above 1 and at most 1.5, else the default 1.2 (spec 4.5). */
export function validZoomStep(step: number | undefined): number {
  return step !== undefined && Number.isFinite(step) && step > 1 && step <= IMAGE_ZOOM.zoomStepMax
    ? step
    : IMAGE_ZOOM.zoomStep;
}

/** A scale kept within 0.6–3, rounded to 4 decimals (1.2 × 1.2 is 1.44, not 1.4399999…). */
export function clampScale(scale: number): number {
  const s = Math.min(IMAGE_ZOOM.maxScale, Math.max(IMAGE_ZOOM.minScale, scale));
  return Math.round(s * 10000) / 10000;
}

export type ImageAction = 'zoomIn' | 'zoomOut' | 'rotate' | 'rotateBack' | 'flipX' | 'flipY' | 'reset';

export function applyImageAction(view: ImageView, action: ImageAction, zoomStep?: number): ImageView {
  const step = validZoomStep(zoomStep);
  switch (action) {
    case 'zoomIn':
      return { ...view, scale: clampScale(view.scale * step) };
    case 'zoomOut':
      return { ...view, scale: clampScale(view.scale / step) };
    case 'rotate':
      return { ...view, rotate: (view.rotate + IMAGE_ZOOM.rotateDeg) % 360 };
    case 'rotateBack':
      return { ...view, rotate: (view.rotate + 360 - IMAGE_ZOOM.rotateDeg) % 360 };
    case 'flipX':
      return { ...view, flipX: !view.flipX };
    case 'flipY':
      return { ...view, flipY: !view.flipY };
    case 'reset':
      return INITIAL_VIEW;
  }
}

/** The CSS transform of an image view. */
export function imageTransform(v: ImageView): string {
  return `scale(${v.scale}) rotate(${v.rotate}deg) scaleX(${v.flipX ? -1 : 1}) scaleY(${v.flipY ? -1 : 1})`;
}

// ---------- text ----------

/** UTF-8 when the bytes are valid UTF-8 (a BOM is dropped), else GB18030 (Chinese Windows files). */
export function decodeText(bytes: Uint8Array): { text: string; encoding: 'utf-8' | 'gb18030' } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('gb18030').decode(bytes), encoding: 'gb18030' };
  }
}

/** A byte count as people read it: 1.5 KB, 2.3 MB. */
export function formatSize(bytes: number | null): string {
  if (bytes === null || !Number.isFinite(bytes)) return '未知大小';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
