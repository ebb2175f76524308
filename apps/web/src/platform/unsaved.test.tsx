import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { useUnsavedChanges } from './unsaved';

afterEach(cleanup);

let rerenderPage: () => void = () => undefined;

function Editing() {
  const [, setTick] = useState(0);
  rerenderPage = () => setTick((t) => t + 1);
  useUnsavedChanges('您填写的内容尚未保存，确定要离开吗？');
  return <Link to="/next">前往下一页</Link>;
}

function renderEditing() {
  const router = createMemoryRouter(
    [
      { path: '/edit', element: <Editing /> },
      { path: '/next', element: <div>下一页</div> },
    ],
    { initialEntries: ['/edit'] },
  );
  render(
    <App>
      <RouterProvider router={router} />
    </App>,
  );
  return router;
}

const dialogs = () => document.querySelectorAll('.ant-modal-confirm');

describe('useUnsavedChanges', () => {
  it('keeps one dialog while the page re-renders, and 确定离开 leaves', async () => {
    const router = renderEditing();
    fireEvent.click(screen.getByText('前往下一页'));
    await waitFor(() => expect(dialogs()).toHaveLength(1));
    // The page re-renders while asking (a poll, a store update): the same dialog stays.
    const first = dialogs()[0];
    for (let i = 0; i < 3; i++) act(() => rerenderPage());
    expect(dialogs()).toHaveLength(1);
    expect(dialogs()[0]).toBe(first);
    fireEvent.click(screen.getByRole('button', { name: '确定离开' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/next'));
  });

  it('留在此页 stays, and the next try asks again with a dialog of its own', async () => {
    const router = renderEditing();
    fireEvent.click(screen.getByText('前往下一页'));
    fireEvent.click(await screen.findByRole('button', { name: '留在此页' }));
    await waitFor(() =>
      expect([...router.state.blockers.values()].map((b) => b.state)).toEqual(['unblocked']),
    );
    expect(router.state.location.pathname).toBe('/edit');
    fireEvent.click(screen.getByText('前往下一页'));
    // The first dialog may still be animating out: the new one is the last.
    await waitFor(() => expect(dialogs().length).toBeGreaterThan(0));
    const latest = dialogs()[dialogs().length - 1] as HTMLElement;
    fireEvent.click(within(latest).getByRole('button', { name: '确定离开' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/next'));
  });
});
