import { Alert, Button, Table, type TableProps } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Paged } from '@feikong/contracts';

interface Props<T> extends Omit<TableProps<T>, 'dataSource' | 'loading' | 'pagination'> {
  query: UseQueryResult<Paged<T>>;
  /** What the list holds, for the failure message: 「补录记录」加载失败. */
  what: string;
  pageNum: number;
  pageSize: number;
  onPage: (pageNum: number, pageSize: number) => void;
}

/**
 * A table fed by one paged query (items + page): while the first load fails it is an alert with 重试;
 * once rows have come, a later failure keeps them on screen rather than blanking the list.
 */
export function PagedQueryTable<T extends object>({
  query,
  what,
  pageNum,
  pageSize,
  onPage,
  ...table
}: Props<T>) {
  if (query.isError && !query.data) {
    return (
      <Alert
        type="error"
        showIcon
        message={`${what}加载失败`}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            重试
          </Button>
        }
      />
    );
  }
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      {...table}
      loading={query.isFetching}
      dataSource={query.data?.items ?? []}
      pagination={{
        current: pageNum,
        pageSize,
        total: query.data?.page.total ?? 0,
        showTotal: (t) => `共 ${t} 条`,
        onChange: onPage,
      }}
    />
  );
}
