// The list screen building block (decision 0029): URL-synced query + the table frame.
export { ListTable, type BatchAction, type ExportTask, type ListData, type Selection } from './ListTable';
export { fitColumns, moneyColumn, type ColumnRole, type ListColumn } from './columns';
export { dayRange, rangeToMs } from './dates';
export {
  patchListParams,
  readListQuery,
  SNAKE_PAGE,
  useListParams,
  type ListParams,
  type QuerySchema,
  type SortOrder,
} from './useListParams';
export { ListSearch } from './ListSearch';
export { useRowDialog } from './useRowDialog';
export { ListSelect } from './ListSelect';
