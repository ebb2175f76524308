import { App } from 'antd';
import { useState, type ReactNode } from 'react';
import { SELECT_DATA_FIRST } from '@feikong/contracts';
import { InvoicePrintDialog, type PrintableInvoice, type PrintResult } from './InvoicePrintDialog';
import { PrintPreview } from './PrintPreview';

/** Opens a signed download link as a file (its Content-Disposition names it). */
function download(url: string, fileName: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/**
 * 打印 / 导出 of the selected invoices on a list: nothing selected → 请先选择数据！, else the selection
 * dialog; 打印 ends in the preview layer, 导出 in a download.
 */
export function useInvoicePrint(): {
  start: (purpose: 'print' | 'export', invoices: PrintableInvoice[]) => void;
  node: ReactNode;
} {
  const { message } = App.useApp();
  const [job, setJob] = useState<{ purpose: 'print' | 'export'; invoices: PrintableInvoice[] } | null>(null);
  const [preview, setPreview] = useState<PrintResult | null>(null);

  const start = (purpose: 'print' | 'export', invoices: PrintableInvoice[]) => {
    if (invoices.length === 0) {
      void message.warning(SELECT_DATA_FIRST);
      return;
    }
    setJob({ purpose, invoices });
  };

  const done = (result: PrintResult) => {
    const purpose = job?.purpose;
    setJob(null);
    if (purpose === 'print') {
      setPreview(result);
      return;
    }
    download(result.url, result.fileName);
    void message.success('导出成功');
    // what did not go into the file is said, once, not silently dropped (spec 5: others listed singly)
    const singles = result.singles.length
      ? `${result.singles.length} 个附件请单独下载：${result.singles.map((s) => s.name).join('、')}`
      : '';
    const said = [result.notice, singles].filter(Boolean).join('；');
    if (said) void message.warning({ content: said, duration: 8, key: 'invoice-export-left' });
  };

  const node = (
    <>
      <InvoicePrintDialog
        open={job !== null}
        invoices={job?.invoices ?? []}
        purpose={job?.purpose ?? 'print'}
        onClose={() => setJob(null)}
        onDone={done}
      />
      <PrintPreview result={preview} onClose={() => setPreview(null)} />
    </>
  );
  return { start, node };
}
