/** Printing: the print content selection dialog and the print preview layer (spec 2.5, 5, 7.8). */
export {
  InvoicePrintDialog,
  printFailure,
  producePrint,
  type InvoicePrintDialogProps,
  type PrintableInvoice,
  type PrintResult,
} from './InvoicePrintDialog';
export { PrintPreview, type PrintPreviewProps } from './PrintPreview';
export { useInvoicePrint } from './useInvoicePrint';
