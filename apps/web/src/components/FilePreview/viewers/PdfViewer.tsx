import { useEffect, useRef, useState } from 'react';
import * as pdfjs from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { Status } from './Status';
import { useFileBytes } from './useFileBytes';
import { ZoomBar } from './ZoomBar';

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

/** CMaps and standard fonts for PDFs that name fonts without embedding them (absolute: the worker fetches). */
function fontAssets() {
  const dir = import.meta.env.PDFJS_ASSETS;
  if (!dir) return {};
  const base = new URL(`${import.meta.env.BASE_URL}${dir}`, window.location.origin).href;
  return { cMapUrl: `${base}cmaps/`, cMapPacked: true, standardFontDataUrl: `${base}standard_fonts/` };
}

/** One page on a canvas, drawn at the zoom × the screen's pixel ratio so it stays sharp. */
function PdfPage({ doc, index, scale }: { doc: PDFDocumentProxy; index: number; scale: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [rendered, setRendered] = useState(false);
  useEffect(() => {
    let cancelled = false;
    let task: ReturnType<Awaited<ReturnType<PDFDocumentProxy['getPage']>>['render']> | null = null;
    void (async () => {
      const page = await doc.getPage(index + 1);
      const el = canvas.current;
      if (cancelled || !el) return;
      // 760 px across for an A4-wide page at 100 %.
      const base = page.getViewport({ scale: 1 });
      const cssScale = (760 / base.width) * scale;
      const ratio = window.devicePixelRatio || 1;
      const viewport = page.getViewport({ scale: cssScale * ratio });
      el.width = Math.floor(viewport.width);
      el.height = Math.floor(viewport.height);
      el.style.width = `${Math.floor(viewport.width / ratio)}px`;
      el.style.height = `${Math.floor(viewport.height / ratio)}px`;
      task = page.render({ canvas: el, viewport });
      await task.promise;
      if (!cancelled) setRendered(true);
    })().catch(() => {
      // a cancelled render rejects; the next effect draws again
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, index, scale]);
  return (
    <canvas
      ref={canvas}
      data-testid="pdf-page"
      data-rendered={rendered ? 'true' : 'false'}
      style={{
        display: 'block',
        margin: '0 auto 12px',
        boxShadow: '0 1px 4px rgba(0,0,0,.25)',
        background: '#fff',
      }}
    />
  );
}

/**
 * PDF.js (pdfjs-dist 5, its worker from this chunk's assets): every page rendered, zoomable. No eval:
 * the page's CSP has no 'unsafe-eval', and pdf.js interprets PostScript functions without it.
 */
export default function PdfViewer({ url }: { url: string }) {
  const state = useFileBytes(
    url,
    (data) => pdfjs.getDocument({ data, isEvalSupported: false, ...fontAssets() }).promise,
  );
  const [scale, setScale] = useState(1);
  useEffect(
    () => () => {
      if (state.status === 'done') void state.value.destroy();
    },
    [state],
  );
  return (
    <Status state={state}>
      {(doc) => (
        <div data-testid="pdf-viewer">
          <ZoomBar scale={scale} onChange={setScale} />
          <div style={{ color: '#8c8c8c', fontSize: 12, marginBottom: 8 }}>共 {doc.numPages} 页</div>
          {Array.from({ length: doc.numPages }, (_, i) => (
            <PdfPage key={i} doc={doc} index={i} scale={scale} />
          ))}
        </div>
      )}
    </Status>
  );
}
