import { Card } from 'antd';
import { useState } from 'react';
import { InvoiceDetailDialog } from '../components/InvoiceDetailDialog';
import { InvoiceList } from '../components/InvoiceList';
import { usePrintButtons } from '../components/usePrintButtons';
import { INVOICE_PERM } from '../hooks/queries';

/**
 * 组织发票 (invoice/OrgList): the tenant's invoices. The organisation filter offers only the
 * organisations where the caller holds bill privileges (the server's enumList userOrg items).
 */
export default function OrgListPage() {
  const [open, setOpen] = useState<number | null>(null);
  const print = usePrintButtons(INVOICE_PERM.orgView);
  return (
    <Card title="组织发票" className="fk-panel">
      <InvoiceList
        scope="org"
        testId="invoice-org-list"
        removePerm={INVOICE_PERM.orgRemove}
        onOpen={(row) => setOpen(row.id)}
        selectable
        toolbar={print.buttons}
      />
      {print.node}
      <InvoiceDetailDialog invoiceId={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
