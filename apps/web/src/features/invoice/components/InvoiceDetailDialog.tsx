import { Alert, Button, Modal, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { detailQuery } from '../hooks/queries';
import { InvoiceFields } from './InvoiceFields';
import { InvoiceFiles } from './InvoiceFiles';
import { TICKET_TITLE } from './TravelTicket';
import { detailLayout } from '../rules';

/** The row detail dialog of the invoice lists: the detail reply, laid out by invoice kind, and its files to preview. */
export function InvoiceDetailDialog({
  invoiceId,
  onClose,
}: {
  invoiceId: number | null;
  onClose: () => void;
}) {
  const detail = useQuery({ ...detailQuery(invoiceId ?? 0), enabled: invoiceId !== null });
  // Railway tickets and air itineraries get their own dialog (spec 2.3: train, air).
  const layout = detail.data ? detailLayout(detail.data.type, detail.data.travel !== null) : 'vat';
  return (
    <Modal
      open={invoiceId !== null}
      title={layout === 'train' || layout === 'air' ? TICKET_TITLE[layout] : '发票详情'}
      width={820}
      onCancel={onClose}
      destroyOnHidden
      footer={<Button onClick={onClose}>关闭</Button>}
    >
      {detail.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : detail.isError ? (
        <Alert
          type="error"
          showIcon
          message="发票详情加载失败"
          action={
            <Button size="small" onClick={() => void detail.refetch()}>
              重试
            </Button>
          }
        />
      ) : (
        <>
          <InvoiceFields detail={detail.data} />
          <InvoiceFiles detail={detail.data} />
        </>
      )}
    </Modal>
  );
}
