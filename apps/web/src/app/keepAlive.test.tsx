import '../test/layoutDom';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { KeepAliveOutlet, touchLru } from './keepAlive';
import type { RouteHandle } from '@/platform/routeMeta';

afterEach(cleanup);

describe('touchLru', () => {
  it('moves the key to the end and keeps at most max keys', () => {
    expect(touchLru([], 'a', 2)).toEqual(['a']);
    expect(touchLru(['a'], 'b', 2)).toEqual(['a', 'b']);
    expect(touchLru(['a', 'b'], 'a', 2)).toEqual(['b', 'a']);
    expect(touchLru(['a', 'b'], 'c', 2)).toEqual(['b', 'c']);
    expect(touchLru(['a', 'b'], 'c', 1)).toEqual(['c']);
  });
});

function Page({ name }: { name: string }) {
  const [text, setText] = useState('');
  return <input aria-label={name} value={text} onChange={(e) => setText(e.target.value)} />;
}

const keep = (name: string): RouteHandle => ({ name, meta: { title: name, keepAlive: true } });

function setup() {
  const routes: RouteObject[] = [
    {
      element: <KeepAliveOutlet />,
      children: [
        { path: '/a', handle: keep('a'), element: <Page name="a" /> },
        {
          path: '/b',
          handle: { name: 'b', meta: { title: 'b', keep_alive: true } },
          element: <Page name="b" />,
        },
        { path: '/c', handle: keep('c'), element: <Page name="c" /> },
        { path: '/plain', handle: { name: 'plain', meta: { title: 'p' } }, element: <Page name="plain" /> },
      ],
    },
  ];
  const router = createMemoryRouter(routes, { initialEntries: ['/a'] });
  render(<RouterProvider router={router} />);
  const go = (to: string) => act(() => router.navigate(to));
  const type = (name: string, value: string) =>
    fireEvent.change(screen.getByLabelText(name), { target: { value } });
  const valueOf = (name: string) => (screen.queryByLabelText(name) as HTMLInputElement | null)?.value;
  const cached = () =>
    [...document.querySelectorAll('[data-keep-alive]')].map((e) => e.getAttribute('data-keep-alive'));
  return { go, type, valueOf, cached };
}

describe('KeepAliveOutlet (spec §2.1: at most 2 cached views, only keep-alive ones)', () => {
  it('keeps a keep-alive view’s state while away; a plain view starts fresh', async () => {
    const t = setup();
    t.type('a', 'typed filter');
    await t.go('/plain');
    t.type('plain', 'lost');
    expect(t.cached()).toEqual(['/a']);
    await t.go('/a');
    expect(t.valueOf('a')).toBe('typed filter');
    await t.go('/plain');
    expect(t.valueOf('plain')).toBe('');
  });

  it('keeps at most 2 views, dropping the least recently used', async () => {
    const t = setup();
    t.type('a', 'A');
    await t.go('/b');
    t.type('b', 'B');
    expect(t.cached()).toEqual(['/a', '/b']);
    await t.go('/c');
    expect(t.cached()).toEqual(['/b', '/c']);
    await t.go('/b');
    expect(t.valueOf('b')).toBe('B');
    await t.go('/a');
    expect(t.valueOf('a')).toBe(''); // /a was dropped when /c came in
    expect(t.cached()).toEqual(['/b', '/a']);
  });

  it('hides the cached views that are not current', async () => {
    const t = setup();
    await t.go('/b');
    const hidden = document.querySelector('[data-keep-alive="/a"]') as HTMLElement;
    expect(hidden.style.display).toBe('none');
    expect((document.querySelector('[data-keep-alive="/b"]') as HTMLElement).style.display).toBe('');
  });
});
