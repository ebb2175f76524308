import { Button } from 'antd';
import type { ReactNode } from 'react';
import type { InvoiceRow } from '@/api/invoice';
import { Access } from '@/components/Access';
import { useInvoicePrint } from '@/components/Print';

/**
 * 打印 and 导出 of the list's selected invoices (export/custom), shown to holders of `perm`:
 * invoice:export on one's own lists, orgInvoice:view on 组织发票 (the route admits either).
 */
export function usePrintButtons(perm: string): {
  buttons: (selected: InvoiceRow[]) => ReactNode;
  node: ReactNode;
} {
  const print = useInvoicePrint();
  const buttons = (selected: InvoiceRow[]) => (
    <Access perms={[perm]}>
      <Button onClick={() => print.start('print', selected)}>打印</Button>
      <Button onClick={() => print.start('export', selected)}>导出</Button>
    </Access>
  );
  return { buttons, node: print.node };
}
