import { Card } from 'antd';
import { useNavigate } from 'react-router';
import { InvoiceList } from '../components/InvoiceList';
import { usePrintButtons } from '../components/usePrintButtons';
import { INVOICE_PERM } from '../hooks/queries';

export const INVOICE_DETAIL_PATH = '/scenes/invoiceCenter/invoiceDetail';

/** 发票中心 (invoiceCenter/List): the caller's invoices by write-off tab; a row opens the detail page. */
export default function InvoiceCenterPage() {
  const navigate = useNavigate();
  const print = usePrintButtons(INVOICE_PERM.exportList);
  return (
    <Card title="发票中心" className="fk-panel">
      <InvoiceList
        scope="person"
        testId="invoice-center-list"
        onOpen={(row) => navigate(`${INVOICE_DETAIL_PATH}?invoiceId=${row.id}`)}
        selectable
        toolbar={print.buttons}
      />
      {print.node}
    </Card>
  );
}
