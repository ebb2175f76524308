import { DownloadOutlined, FileOutlined } from '@ant-design/icons';
import { Button, Result, Tabs } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { extensionOf, formatSize, type PreviewFile } from '../rules';
import { sheetTables, type SheetTable } from '../sheet';
import { Status } from './Status';
import { useFileBytes } from './useFileBytes';

/** .docx drawn by docx-preview (its own chunk). */
function DocxView({ url }: { url: string }) {
  const body = useRef<HTMLDivElement>(null);
  const state = useFileBytes(url, (bytes) => bytes);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (state.status !== 'done' || !body.current) return;
    const el = body.current;
    let live = true;
    void import('docx-preview')
      .then(({ renderAsync }) =>
        renderAsync(new Blob([state.value as BlobPart]), el, undefined, {
          inWrapper: true,
          ignoreLastRenderedPageBreak: true,
          breakPages: true,
        }),
      )
      .catch(() => live && setError('Word 文件解析失败，请下载后查看'));
    return () => {
      live = false;
      el.innerHTML = '';
    };
  }, [state]);
  return (
    <Status state={error ? { status: 'error', message: error } : state}>
      {() => <div data-testid="docx-viewer" ref={body} />}
    </Status>
  );
}

/** .xlsx as HTML tables, one tab per sheet (exceljs, its own chunk). */
function XlsxView({ url }: { url: string }) {
  const state = useFileBytes(url, (bytes) => sheetTables(bytes));
  return (
    <Status state={state}>
      {(sheets) => (
        <Tabs
          data-testid="xlsx-viewer"
          size="small"
          items={sheets.map((s, i) => ({ key: String(i), label: s.name, children: <SheetView sheet={s} /> }))}
        />
      )}
    </Status>
  );
}

function SheetView({ sheet }: { sheet: SheetTable }) {
  const cell = { border: '1px solid #d9d9d9', padding: '2px 6px', whiteSpace: 'pre-wrap' as const };
  return (
    <div style={{ overflow: 'auto' }}>
      <table data-testid="xlsx-sheet" style={{ borderCollapse: 'collapse', fontSize: 13 }}>
        <colgroup>
          <col style={{ width: 40 }} />
          {sheet.widths.map((w, i) => (
            <col key={i} style={{ width: w }} />
          ))}
        </colgroup>
        <tbody>
          {sheet.rows.map((row, r) => (
            <tr key={r}>
              <td style={{ ...cell, background: '#fafafa', color: '#8c8c8c', textAlign: 'center' }}>
                {r + 1}
              </td>
              {row.map((c) =>
                c.hidden ? null : (
                  <td
                    key={c.col}
                    rowSpan={c.rowSpan > 1 ? c.rowSpan : undefined}
                    colSpan={c.colSpan > 1 ? c.colSpan : undefined}
                    style={{
                      ...cell,
                      fontWeight: c.bold ? 600 : undefined,
                      textAlign: c.numeric ? 'right' : 'left',
                    }}
                  >
                    {c.text}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {sheet.truncated && (
        <div style={{ color: '#8c8c8c', marginTop: 8 }}>仅显示前 {sheet.rows.length} 行</div>
      )}
    </div>
  );
}

/** Old binary .doc/.xls: no maintained browser renderer reads them; say so and offer the download. */
function NotPreviewable({ file }: { file: PreviewFile }) {
  const [size, setSize] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    fetch(file.url, { method: 'HEAD' })
      .then((r) => {
        const n = Number(r.headers.get('content-length'));
        if (live && r.ok && Number.isFinite(n)) setSize(n);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [file.url]);
  const ext = extensionOf(file.name);
  return (
    <Result
      data-testid="office-unsupported"
      icon={<FileOutlined />}
      title={file.name}
      subTitle={`${formatSize(size)} · 该文件格式（.${ext}）暂不支持在线预览，请下载后使用 Office 或 WPS 查看`}
      extra={
        <Button type="primary" icon={<DownloadOutlined />} href={file.url} download={file.name}>
          下载文件
        </Button>
      }
    />
  );
}

/** The online office viewer of spec 4.5: docx and xlsx rendered here; doc and xls offered as downloads. */
export default function OfficeViewer({ file }: { file: PreviewFile }) {
  const ext = extensionOf(file.name) || extensionOf(file.url.split('?')[0] ?? '');
  if (ext === 'docx') return <DocxView url={file.url} />;
  if (ext === 'xlsx') return <XlsxView url={file.url} />;
  return <NotPreviewable file={file} />;
}
