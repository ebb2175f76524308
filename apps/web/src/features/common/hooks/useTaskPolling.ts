import { App } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { describeTaskResult, isTaskFinished, TASK_POLL, type TaskResult } from '@feikong/contracts';
import { downloadLink, taskFile, tasksApi, type Task } from '@/api/tasks';

/**
 * Background task polling (spec §4.3): the first poll 1 s after the task was created, then every 3 s
 * until status 1 (success) or 2 (failure). `pollTask` is the timer logic alone (unit-tested with fake
 * timers); `useTaskPolling` adds what the user sees: an export opens its file and says 成功, an import
 * reports its counts, a failure shows a notice 「<任务名>失败」, type 33 shows nothing.
 */

export interface PollOptions {
  firstMs?: number;
  everyMs?: number;
  /** Consecutive failed polls (network, 5xx) before giving up. Default 5. */
  maxErrors?: number;
}

export interface PollHandlers {
  /** Every answer while the task runs (progress counts). */
  onUpdate?: (task: Task) => void;
  /** The task reached status 1 or 2. */
  onFinish: (task: Task) => void;
  /** Polling gave up after maxErrors failures in a row. */
  onGiveUp?: (error: unknown) => void;
}

export type FetchTask = (id: number, signal: AbortSignal) => Promise<Task>;

/** Polls one task; returns a function that stops it (also aborts a poll in flight). */
export function pollTask(
  id: number,
  fetchTask: FetchTask,
  handlers: PollHandlers,
  options: PollOptions = {},
): () => void {
  const { firstMs = TASK_POLL.firstMs, everyMs = TASK_POLL.everyMs, maxErrors = 5 } = options;
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let errors = 0;
  let stopped = false;

  const tick = async () => {
    if (stopped) return;
    try {
      const task = await fetchTask(id, controller.signal);
      if (stopped) return;
      errors = 0;
      if (isTaskFinished(task.status)) {
        stopped = true;
        handlers.onFinish(task);
        return;
      }
      handlers.onUpdate?.(task);
    } catch (e) {
      if (stopped) return;
      errors += 1;
      if (errors >= maxErrors) {
        stopped = true;
        handlers.onGiveUp?.(e);
        return;
      }
    }
    timer = setTimeout(() => void tick(), everyMs);
  };

  timer = setTimeout(() => void tick(), firstMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
    controller.abort();
  };
}

/** What the UI does with a finished task: the message to show, how loud, and a file to open. */
export interface TaskOutcome {
  result: TaskResult;
  /** The file to open (exports that succeeded). */
  file: { url: string; name: string } | null;
}

export function taskOutcome(task: Task): TaskOutcome {
  const result = describeTaskResult(task);
  const file = result.kind === 'export' ? taskFile(task) : null;
  return { result, file };
}

export const POLL_GIVE_UP_MESSAGE = '任务状态查询失败，请稍后在下载中心查看结果';

export interface TrackOptions {
  /** Called once the task finished (after the message). Import pages refresh here. */
  onFinish?: (task: Task) => void;
  onUpdate?: (task: Task) => void;
  /** false: a successful export does not open its file (default true). */
  openFile?: boolean;
  /** false: no message at all; the caller shows the result. Default true. */
  notify?: boolean;
}

/**
 * Polls tasks for a screen; polling stops when the screen unmounts. `running` lists the ids still
 * polled, so buttons can show a spinner.
 */
export function useTaskPolling(fetchTask: FetchTask = tasksApi.byId, options: PollOptions = {}) {
  const { message, notification } = App.useApp();
  const stops = useRef(new Map<number, () => void>());
  const [running, setRunning] = useState<number[]>([]);
  const { firstMs, everyMs, maxErrors } = options;

  useEffect(() => {
    const all = stops.current;
    return () => {
      for (const stop of all.values()) stop();
      all.clear();
    };
  }, []);

  const track = useCallback(
    (taskId: number, opts: TrackOptions = {}) => {
      stops.current.get(taskId)?.();
      const done = () => {
        stops.current.delete(taskId);
        setRunning((r) => r.filter((id) => id !== taskId));
      };
      const stop = pollTask(
        taskId,
        fetchTask,
        {
          onUpdate: opts.onUpdate,
          onFinish: (task) => {
            done();
            if (opts.notify !== false) {
              const { result, file } = taskOutcome(task);
              if (result.kind === 'failure') {
                notification.error({
                  title: result.message,
                  description: task.error_msg || undefined,
                  placement: 'topRight',
                });
              } else if (result.kind === 'import') {
                void message[result.level](result.message);
              } else if (result.kind === 'export') {
                if (file && opts.openFile !== false) downloadLink(file.url, file.name);
                void message.success(result.message);
              }
            }
            opts.onFinish?.(task);
          },
          onGiveUp: () => {
            done();
            void message.warning(POLL_GIVE_UP_MESSAGE);
          },
        },
        { firstMs, everyMs, maxErrors },
      );
      stops.current.set(taskId, stop);
      setRunning((r) => (r.includes(taskId) ? r : [...r, taskId]));
    },
    [fetchTask, message, notification, firstMs, everyMs, maxErrors],
  );

  return { track, running };
}
