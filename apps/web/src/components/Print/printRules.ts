import {
  DEFAULT_INVOICE_DISPLAY_MODE,
  MERGEABLE_ATTACHMENT_TYPES,
  PRINT_CHOOSE_TYPE,
  PRINT_NOTHING,
  type ExportCustomBody,
  type FileMergeItem,
  type InvoiceDisplayMode,
} from '@feikong/contracts';

/** What the print content selection dialog offers for invoices (spec 2.5, 5, 7.8). */
export type InvoicePrintType = 'invoice' | 'attachment';

export const INVOICE_PRINT_TYPES: { value: InvoicePrintType; label: string }[] = [
  { value: 'invoice', label: '发票' },
  { value: 'attachment', label: '附件' },
];

export const DISPLAY_MODE_OPTIONS: { value: InvoiceDisplayMode; label: string }[] = [
  { value: 'ONE', label: '每页1张' },
  { value: 'TWO', label: '每页2张' },
  { value: 'FOUR', label: '每页4张' },
];

export const SORT_OPTIONS = [{ value: 'BILL_DATE', label: '开票日期' }] as const;

export interface InvoicePrintChoice {
  types: InvoicePrintType[];
  displayMode: InvoiceDisplayMode;
  sort: 'BILL_DATE';
  /** invoiceId → remark (empty ones are not sent). */
  remarks: Record<number, string>;
  fileName?: string;
}

export function defaultChoice(): InvoicePrintChoice {
  return { types: ['invoice'], displayMode: DEFAULT_INVOICE_DISPLAY_MODE, sort: 'BILL_DATE', remarks: {} };
}

/** The message that stops printing, or null: at least one print type (spec 5). */
export function choiceError(choice: Pick<InvoicePrintChoice, 'types'>): string | null {
  return choice.types.length === 0 ? PRINT_CHOOSE_TYPE : null;
}

/**
 * How a choice is produced: with 发票 ticked, export/custom lays the invoices out (and, with 附件,
 * merges their attachments after them); 附件 alone goes through file/merge with the attachments.
 */
export function printRoute(choice: Pick<InvoicePrintChoice, 'types'>): 'export' | 'merge' {
  return choice.types.includes('invoice') ? 'export' : 'merge';
}

/** The export/custom payload (spec 7.8), remarks trimmed, empty ones left out. */
export function exportBody(ids: number[], choice: InvoicePrintChoice, preview: boolean): ExportCustomBody {
  const items = ids
    .map((invoiceId) => ({ invoiceId, remark: (choice.remarks[invoiceId] ?? '').trim() }))
    .filter((i) => i.remark);
  return {
    invoiceIds: ids,
    sort: choice.sort,
    format: 'PDF',
    attach: choice.types.includes('attachment'),
    fileName: choice.fileName?.trim() || '发票打印',
    displayMode: choice.displayMode,
    exportMode: 'LOCAL',
    preview,
    ...(items.length ? { items } : {}),
  };
}

/** An attachment's type from its name, lower case, no dot ('' without one). */
export function fileTypeOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function isMergeable(name: string): boolean {
  return (MERGEABLE_ATTACHMENT_TYPES as readonly string[]).includes(fileTypeOf(name));
}

/**
 * Attachment records for file/merge (spec 3: fileType, filePath, fileName, remark), in the invoices'
 * billing-date order; the remark names the invoice. Throws PRINT_NOTHING when there are none.
 */
export function mergeItems(
  invoices: {
    id: number;
    number: string;
    billingDate: number;
    attachments: { fileKey: string; fileName: string }[];
  }[],
  remarks: Record<number, string>,
): FileMergeItem[] {
  const items = [...invoices]
    .sort((a, b) => a.billingDate - b.billingDate || a.id - b.id)
    .flatMap((inv) =>
      inv.attachments.map((att) => {
        const remark = (remarks[inv.id] ?? '').trim();
        return {
          filePath: att.fileKey,
          fileType: fileTypeOf(att.fileName),
          fileName: att.fileName,
          remark: `发票 ${inv.number} 附件 ${att.fileName}${remark ? `：${remark}` : ''}`,
        };
      }),
    );
  if (items.length === 0) throw new Error(PRINT_NOTHING);
  return items;
}
