import './dom';

// jsdom lacks ResizeObserver, which antd's horizontal Menu (overflow) and Table use.
if (typeof window !== 'undefined' && !('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
  (globalThis as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
}
export {};

// The first lazy screen of a test file takes a while to import: allow for it.
import { configure } from '@testing-library/react';
import { vi } from 'vitest';
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 40_000 });
