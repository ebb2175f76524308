import '@/test/dom';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TASK_POLL, TaskOperatingType } from '@feikong/contracts';
import type { Task } from '@/api/tasks';
import { pollTask, taskOutcome, useTaskPolling, type FetchTask } from './useTaskPolling';

const task = (over: Partial<Task> = {}): Task => ({
  id: 7,
  status: 0,
  operating_type: TaskOperatingType.memberImport,
  operating_type_name: '成员导入',
  success_amount: 0,
  fail_amount: 0,
  export_attachment: null,
  file_name: '成员.xlsx',
  creator: '演示管理员',
  created_at: 0,
  finished_at: null,
  error_msg: null,
  ...over,
});

describe('pollTask timing (spec §4.3: first poll after 1 s, then every 3 s)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('polls at 1 s, 4 s, 7 s and stops at status 1', async () => {
    expect(TASK_POLL).toEqual({ firstMs: 1000, everyMs: 3000 });
    const answers = [task(), task({ success_amount: 3 }), task({ status: 1, success_amount: 5 })];
    const fetchTask = vi.fn<FetchTask>(async () => answers.shift()!);
    const onFinish = vi.fn();
    const onUpdate = vi.fn();
    pollTask(7, fetchTask, { onFinish, onUpdate });

    await vi.advanceTimersByTimeAsync(999);
    expect(fetchTask).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchTask).toHaveBeenCalledTimes(1);
    expect(fetchTask.mock.calls[0][0]).toBe(7);
    await vi.advanceTimersByTimeAsync(2999);
    expect(fetchTask).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchTask).toHaveBeenCalledTimes(2);
    expect(onUpdate).toHaveBeenLastCalledWith(expect.objectContaining({ success_amount: 3 }));
    await vi.advanceTimersByTimeAsync(3000);
    expect(fetchTask).toHaveBeenCalledTimes(3);
    expect(onFinish).toHaveBeenCalledOnce();
    expect(onFinish).toHaveBeenCalledWith(expect.objectContaining({ status: 1, success_amount: 5 }));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchTask).toHaveBeenCalledTimes(3);
  });

  it('stops at status 2 too; the stop function ends polling early', async () => {
    const failed = vi.fn<FetchTask>(async () => task({ status: 2 }));
    const onFinish = vi.fn();
    pollTask(1, failed, { onFinish });
    await vi.advanceTimersByTimeAsync(1000);
    expect(onFinish).toHaveBeenCalledWith(expect.objectContaining({ status: 2 }));

    const running = vi.fn<FetchTask>(async () => task());
    const stop = pollTask(2, running, { onFinish });
    await vi.advanceTimersByTimeAsync(4000);
    expect(running).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(running).toHaveBeenCalledTimes(2);
  });

  it('keeps polling through a failed call, gives up after maxErrors in a row', async () => {
    let n = 0;
    const flaky = vi.fn<FetchTask>(async () => {
      n += 1;
      if (n === 1) throw new Error('network');
      return task({ status: 1 });
    });
    const onFinish = vi.fn();
    pollTask(3, flaky, { onFinish });
    await vi.advanceTimersByTimeAsync(4000);
    expect(onFinish).toHaveBeenCalledOnce();

    const broken = vi.fn<FetchTask>(async () => {
      throw new Error('down');
    });
    const onGiveUp = vi.fn();
    pollTask(4, broken, { onFinish, onGiveUp }, { maxErrors: 3 });
    await vi.advanceTimersByTimeAsync(1000 + 3000 + 3000);
    expect(broken).toHaveBeenCalledTimes(3);
    expect(onGiveUp).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(broken).toHaveBeenCalledTimes(3);
  });
});

describe('task result messages (spec §8)', () => {
  it('import: 成功 N 条，失败 M 条! / 失败！ / 成功！', () => {
    expect(taskOutcome(task({ status: 1, success_amount: 3, fail_amount: 2 })).result).toEqual({
      kind: 'import',
      level: 'warning',
      message: '成功 3 条，失败 2 条!',
    });
    expect(taskOutcome(task({ status: 1, success_amount: 0, fail_amount: 2 })).result).toMatchObject({
      message: '失败！',
      level: 'error',
    });
    expect(taskOutcome(task({ status: 1, success_amount: 4 })).result).toMatchObject({ message: '成功！' });
  });

  it('failure: the task name followed by 失败; type 33 says nothing', () => {
    expect(taskOutcome(task({ status: 2 })).result).toEqual({
      kind: 'failure',
      level: 'error',
      message: '成员导入失败',
    });
    expect(
      taskOutcome(task({ status: 2, operating_type: TaskOperatingType.memberExport })).result,
    ).toMatchObject({
      message: '成员导出失败',
    });
    expect(taskOutcome(task({ status: 1, operating_type: 33 })).result).toEqual({ kind: 'silent' });
    expect(taskOutcome(task({ status: 2, operating_type: 33 })).result).toEqual({ kind: 'silent' });
  });

  it('export success: 成员导出成功 and the signed file', () => {
    const outcome = taskOutcome(
      task({
        status: 1,
        operating_type: TaskOperatingType.memberExport,
        export_attachment: JSON.stringify({
          url: '/pub-svc-center/api/v1/files/download?key=k&sig=s',
          name: '成员.xlsx',
        }),
      }),
    );
    expect(outcome.result).toMatchObject({ kind: 'export', message: '成员导出成功' });
    expect(outcome.file).toEqual({
      url: '/pub-svc-center/api/v1/files/download?key=k&sig=s',
      name: '成员.xlsx',
    });
  });
});

function Probe({
  fetchTask,
  id,
  onFinish,
}: {
  fetchTask: FetchTask;
  id: number;
  onFinish?: (t: Task) => void;
}) {
  const { track, running } = useTaskPolling(fetchTask, { firstMs: 5, everyMs: 5 });
  return (
    <div>
      <button type="button" onClick={() => track(id, { onFinish })}>
        start
      </button>
      <span data-testid="running">{running.length}</span>
    </div>
  );
}

describe('useTaskPolling shows the result', () => {
  afterEach(cleanup);

  it('an import reports its counts and calls onFinish (the page refreshes)', async () => {
    const onFinish = vi.fn();
    const fetchTask: FetchTask = async () => task({ status: 1, success_amount: 3, fail_amount: 2 });
    render(
      <AntApp>
        <Probe fetchTask={fetchTask} id={7} onFinish={onFinish} />
      </AntApp>,
    );
    act(() => screen.getByText('start').click());
    expect(screen.getByTestId('running').textContent).toBe('1');
    expect(await screen.findByText('成功 3 条，失败 2 条!')).toBeTruthy();
    expect(onFinish).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.getByTestId('running').textContent).toBe('0'));
  });

  it('a failed export shows a notice 成员导出失败; a successful one opens its file', async () => {
    const failed: FetchTask = async () => task({ status: 2, operating_type: TaskOperatingType.memberExport });
    render(
      <AntApp>
        <Probe fetchTask={failed} id={8} />
      </AntApp>,
    );
    act(() => screen.getByText('start').click());
    expect(await screen.findByText('成员导出失败')).toBeTruthy();
    cleanup();

    const clicks: string[] = [];
    const spy = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(`${this.getAttribute('href')}|${this.download}`);
    });
    const done: FetchTask = async () =>
      task({
        status: 1,
        operating_type: TaskOperatingType.memberExport,
        export_attachment: JSON.stringify({ url: '/files/x.xlsx', name: '成员导出.xlsx' }),
      });
    render(
      <AntApp>
        <Probe fetchTask={done} id={9} />
      </AntApp>,
    );
    act(() => screen.getByText('start').click());
    expect(await screen.findByText('成员导出成功')).toBeTruthy();
    expect(clicks).toEqual(['/files/x.xlsx|成员导出.xlsx']);
    spy.mockRestore();
  });
});
