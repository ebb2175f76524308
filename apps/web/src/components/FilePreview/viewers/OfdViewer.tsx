import { useMemo, useState } from 'react';
import { parseOfd } from '../ofd/parse';
import { pageSvg } from '../ofd/svg';
import { Status } from './Status';
import { useFileBytes } from './useFileBytes';
import { ZoomBar } from './ZoomBar';

/** OFD pages drawn as SVG by our own renderer (ofd/parse.ts, ofd/svg.ts); every page, zoomable. */
export default function OfdViewer({ url }: { url: string }) {
  const state = useFileBytes(url, (bytes) => parseOfd(bytes));
  const [scale, setScale] = useState(1);
  // 760 px across for a 210 mm invoice at 100 %: the dialog's width.
  const pxPerMm = (760 / 210) * scale;
  const pages = useMemo(
    () => (state.status === 'done' ? state.value.pages.map((p) => pageSvg(p, pxPerMm)) : []),
    [state, pxPerMm],
  );
  return (
    <Status state={state}>
      {() => (
        <div data-testid="ofd-viewer">
          <ZoomBar scale={scale} onChange={setScale} />
          {pages.map((svg, i) => (
            <div
              key={i}
              data-testid="ofd-page"
              style={{ margin: '0 auto 12px', width: 'fit-content', boxShadow: '0 1px 4px rgba(0,0,0,.25)' }}
              // Markup we generate ourselves: every text and attribute is escaped, images are data: URLs.
              dangerouslySetInnerHTML={{ __html: svg }}
            />
          ))}
        </div>
      )}
    </Status>
  );
}
