import { App, Button, type ButtonProps } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { SELECT_DATA_FIRST } from '@feikong/contracts';
import { printAppUrl } from './printTarget';

/** Opens the print sub-app for the documents in a new tab. */
export function openBillPrint(ids: readonly number[]) {
  window.open(printAppUrl(ids), '_blank', 'noopener');
}

/** 打印 on a document's detail page. */
export function BillPrintButton({ billId, ...rest }: { billId: number } & Omit<ButtonProps, 'onClick'>) {
  return (
    <Button icon={<PrinterOutlined />} onClick={() => openBillPrint([billId])} {...rest}>
      打印
    </Button>
  );
}

/** Batch 打印 on the lists: the selected documents, or 请先选择数据！ when none. */
export function BillBatchPrintButton({
  selectedIds,
  ...rest
}: { selectedIds: readonly number[] } & Omit<ButtonProps, 'onClick'>) {
  const { message } = App.useApp();
  return (
    <Button
      icon={<PrinterOutlined />}
      onClick={() => {
        if (selectedIds.length === 0) {
          void message.warning(SELECT_DATA_FIRST);
          return;
        }
        openBillPrint(selectedIds);
      }}
      {...rest}
    >
      打印
    </Button>
  );
}
