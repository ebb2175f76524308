import '@/test/dom';
import { act, cleanup, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TaskOperatingType } from '@feikong/contracts';
import type { Task } from '@/api/tasks';

import type { FetchTask } from './useTaskPolling';
import { useExportTracking } from './useExportTracking';

const byId = vi.fn<FetchTask>();

const finished: Task = {
  id: 5,
  status: 1,
  operating_type: TaskOperatingType.purchaseTaskExport,
  operating_type_name: '采购任务导出',
  success_amount: 3,
  fail_amount: 0,
  export_attachment: null,
  file_name: '采购任务.xlsx',
  creator: '演示管理员',
  created_at: 0,
  finished_at: 1,
  error_msg: null,
};

describe('useExportTracking (every list screen’s 导出)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('refreshes the download centre when the task is created and again when it ends, polling it between', async () => {
    byId.mockResolvedValue(finished);
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    let trackExport: (id: number) => void = () => {};
    function Probe() {
      trackExport = useExportTracking(byId).trackExport;
      return null;
    }
    render(
      <QueryClientProvider client={client}>
        <AntApp>
          <Probe />
        </AntApp>
      </QueryClientProvider>,
    );
    act(() => trackExport(5));
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenLastCalledWith({ queryKey: ['tasks'] });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(byId).toHaveBeenCalledWith(5, expect.anything());
    expect(invalidate).toHaveBeenCalledTimes(2);
  });
});
