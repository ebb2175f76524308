// The settings feature's screens are loaded lazily by app/screenRegistry.ts. Other features use the fee-type
// choices (a fee line's 费用类型: the bill feature's FeeLinesEditor).
export { feeTypeOptionsQuery, feeTypeTreeData, type FeeTypeTreeOption } from './feeTypes/queries';
