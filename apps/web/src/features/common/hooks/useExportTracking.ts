import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTaskPolling, type FetchTask } from './useTaskPolling';

/**
 * An export task just created: the download centre's list is refreshed now (the task shows as 处理中) and
 * again when the task ends, while the task is polled (its file downloads, a failure is told). Every list
 * screen's 导出 hands this to the list building block (ListTable exportTask.track).
 */
export function useExportTracking(fetchTask?: FetchTask) {
  const client = useQueryClient();
  const { track, running } = useTaskPolling(fetchTask);
  const trackExport = useCallback(
    (taskId: number) => {
      void client.invalidateQueries({ queryKey: ['tasks'] });
      track(taskId, { onFinish: () => void client.invalidateQueries({ queryKey: ['tasks'] }) });
    },
    [client, track],
  );
  return { trackExport, running };
}
