import { Button, Card } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Access } from '@/components/Access';
import { HandInputDialog } from '../components/HandInputDialog';
import { InvoiceDetailDialog } from '../components/InvoiceDetailDialog';
import { InvoiceList } from '../components/InvoiceList';
import { usePrintButtons } from '../components/usePrintButtons';
import { INVOICE_PERM } from '../hooks/queries';

/** 我的发票 (invoice/PersonList): the caller's invoices, 手工录入, 发票录入 and the record pages. */
export default function PersonListPage() {
  const navigate = useNavigate();
  const [open, setOpen] = useState<number | null>(null);
  const [hand, setHand] = useState(false);
  // a new dialog per opening: its one-click-per-2s 保存 starts afresh
  const [handKey, setHandKey] = useState(0);
  const print = usePrintButtons(INVOICE_PERM.exportList);
  return (
    <Card title="我的发票" className="fk-panel">
      <InvoiceList
        scope="person"
        testId="invoice-person-list"
        removePerm={INVOICE_PERM.remove}
        onOpen={(row) => setOpen(row.id)}
        selectable
        toolbar={(selected) => (
          <>
            <Access perms={[INVOICE_PERM.add]}>
              <Button type="primary" onClick={() => navigate('/invoice/entry')}>
                发票录入
              </Button>
              <Button
                onClick={() => {
                  setHandKey((k) => k + 1);
                  setHand(true);
                }}
              >
                手工录入
              </Button>
            </Access>
            <Button onClick={() => navigate('/invoice/taskCheck')}>查验记录</Button>
            <Button onClick={() => navigate('/invoice/repairInvoice')}>补录发票</Button>
            {print.buttons(selected)}
          </>
        )}
      />
      {print.node}
      <InvoiceDetailDialog invoiceId={open} onClose={() => setOpen(null)} />
      <HandInputDialog key={handKey} open={hand} onClose={() => setHand(false)} />
    </Card>
  );
}
