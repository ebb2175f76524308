import { App, Checkbox, Input, Radio, Space, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { DIALOG_SIZE, PRINT_FAILED, PRINT_NOTHING, shanghaiDate } from '@feikong/contracts';
import { filesApi } from '@/api/files';
import { invoiceApi } from '@/api/invoice';
import { RequestError } from '@/api/http/request';
import { Dialog } from '../Dialog/Dialog';
import {
  choiceError,
  defaultChoice,
  DISPLAY_MODE_OPTIONS,
  exportBody,
  INVOICE_PRINT_TYPES,
  mergeItems,
  printRoute,
  SORT_OPTIONS,
  type InvoicePrintChoice,
  type InvoicePrintType,
} from './printRules';

export interface PrintableInvoice {
  id: number;
  number: string;
  billingDate: number;
  sellerName?: string;
}

/** A produced print PDF, and the files that could not go into it (spec 5: listed singly). */
export interface PrintResult {
  url: string;
  fileName: string;
  singles: { name: string; url: string }[];
  /** What was left out and why, in one message (the server's notice); '' when nothing was. */
  notice: string;
}

export interface InvoicePrintDialogProps {
  open: boolean;
  invoices: PrintableInvoice[];
  /** 打印 previews the PDF; 导出 downloads it. */
  purpose: 'print' | 'export';
  onClose: () => void;
  onDone: (result: PrintResult) => void;
}

/** What the user is told when producing fails: the server's reason, else 打印失败. */
export function printFailure(err: unknown): string {
  if (err instanceof RequestError && err.kind === 'business' && err.msg) return err.msg;
  // a refusal in the envelope (400 暂无可打印内容：…, a cap) carries the server's reason
  if (
    err instanceof RequestError &&
    err.kind === 'http' &&
    err.code !== undefined &&
    err.status < 500 &&
    err.msg
  )
    return err.msg;
  if (err instanceof Error && err.message === PRINT_NOTHING) return PRINT_NOTHING;
  return PRINT_FAILED;
}

/** Runs the chosen print: export/custom with 发票 ticked, file/merge for 附件 alone. */
export async function producePrint(
  invoices: PrintableInvoice[],
  choice: InvoicePrintChoice,
  purpose: 'print' | 'export',
): Promise<PrintResult> {
  const ids = invoices.map((i) => i.id);
  if (printRoute(choice) === 'export') {
    const r = await invoiceApi.exportCustom(exportBody(ids, choice, purpose === 'print'), { silent: true });
    return {
      url: r.url,
      fileName: r.fileName,
      singles: r.attachments.map((a) => ({ name: `${a.number} ${a.fileName}`, url: a.url })),
      notice: r.notice,
    };
  }
  const details = await Promise.all(ids.map((id) => invoiceApi.detail(id)));
  const r = await filesApi.merge(
    { items: mergeItems(details, choice.remarks), preview: purpose === 'print', direction: 'VERTICAL' },
    { silent: true },
  );
  if (!r.url) throw new Error(PRINT_NOTHING);
  return {
    url: r.url,
    fileName: '发票附件.pdf',
    singles: r.items.map((i) => ({ name: i.fileName, url: i.url })),
    notice: '',
  };
}

/**
 * The print content selection dialog (spec 2.5: 728×500) for invoices: 发票 and/or 附件, 每页1张/2张/4张
 * (default 2), sorted by 开票日期, and a remark per invoice printed under it.
 */
export function InvoicePrintDialog({ open, invoices, purpose, onClose, onDone }: InvoicePrintDialogProps) {
  const { message } = App.useApp();
  const [choice, setChoice] = useState<InvoicePrintChoice>(defaultChoice);
  useEffect(() => {
    if (open) setChoice(defaultChoice());
  }, [open]);
  const set = (patch: Partial<InvoicePrintChoice>) => setChoice((c) => ({ ...c, ...patch }));

  const confirm = async () => {
    const error = choiceError(choice);
    if (error) {
      void message.warning(error);
      return;
    }
    let result: PrintResult;
    try {
      result = await producePrint(invoices, choice, purpose);
    } catch (err) {
      void message.error(printFailure(err));
      return;
    }
    onDone(result);
  };

  const title = purpose === 'print' ? '打印发票' : '导出发票';
  return (
    <Dialog
      open={open}
      title={`${title}（已选 ${invoices.length} 张）`}
      width={DIALOG_SIZE.print.width}
      height={DIALOG_SIZE.print.height}
      className="fk-print-dialog"
      confirmBtnText={purpose === 'print' ? '打印预览' : '导出'}
      onConfirm={confirm}
      onClose={onClose}
    >
      <div data-testid="print-dialog">
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Space wrap>
            <Typography.Text strong>打印内容</Typography.Text>
            <Checkbox.Group
              options={INVOICE_PRINT_TYPES}
              value={choice.types}
              onChange={(v) => set({ types: v as InvoicePrintType[] })}
            />
          </Space>
          <Space wrap>
            <Typography.Text strong>版式</Typography.Text>
            <Radio.Group
              options={DISPLAY_MODE_OPTIONS}
              value={choice.displayMode}
              disabled={!choice.types.includes('invoice')}
              onChange={(e) => set({ displayMode: e.target.value })}
            />
          </Space>
          <Space wrap>
            <Typography.Text strong>排序</Typography.Text>
            <Radio.Group options={[...SORT_OPTIONS]} value={choice.sort} />
          </Space>
          <Table<PrintableInvoice>
            rowKey="id"
            size="small"
            pagination={false}
            scroll={{ y: 200 }}
            dataSource={[...invoices].sort((a, b) => a.billingDate - b.billingDate || a.id - b.id)}
            columns={[
              { title: '发票号码', dataIndex: 'number', width: 190 },
              {
                title: '开票日期',
                dataIndex: 'billingDate',
                width: 110,
                render: (ms: number) => shanghaiDate(ms),
              },
              {
                title: '备注（打印在发票下方）',
                key: 'remark',
                render: (_: unknown, row) => (
                  <Input
                    size="small"
                    maxLength={100}
                    placeholder="选填"
                    aria-label={`备注${row.number}`}
                    value={choice.remarks[row.id] ?? ''}
                    onChange={(e) => set({ remarks: { ...choice.remarks, [row.id]: e.target.value } })}
                  />
                ),
              },
            ]}
          />
        </Space>
      </div>
    </Dialog>
  );
}
