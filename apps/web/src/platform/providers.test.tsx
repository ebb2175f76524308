import '../test/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { QueryClient } from '@tanstack/react-query';
import { AppProviders } from './providers';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A matchMedia whose prefers-reduced-motion answer the test can change. */
function stubReducedMotion(initially: boolean) {
  let matches = initially;
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query === '(prefers-reduced-motion: reduce)' ? matches : false;
    },
    media: query,
    addEventListener: (_: string, fn: () => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
    addListener: () => undefined,
    removeListener: () => undefined,
  }));
  return (next: boolean) => {
    matches = next;
    for (const fn of listeners) fn();
  };
}

function Motion() {
  const { token } = theme.useToken();
  return <span data-testid="motion">{`${String(token.motion)} ${token.motionDurationMid}`}</span>;
}

const renderWithProviders = () =>
  render(
    <AppProviders queryClient={new QueryClient()}>
      <Motion />
    </AppProviders>,
  );

describe('AppProviders and 减少动态效果', () => {
  it('keeps antd motion by default', () => {
    stubReducedMotion(false);
    renderWithProviders();
    expect(screen.getByTestId('motion').textContent).toBe('true 0.2s');
  });

  it('turns antd motion off while the system asks for reduced motion, and back on', () => {
    const set = stubReducedMotion(true);
    renderWithProviders();
    expect(screen.getByTestId('motion').textContent).toBe('false 0s');
    act(() => set(false));
    expect(screen.getByTestId('motion').textContent).toBe('true 0.2s');
  });
});
