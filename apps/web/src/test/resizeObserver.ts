// jsdom has no ResizeObserver; antd's Tabs and Table observe sizes. A no-op one is enough for tests.
if (typeof window !== 'undefined' && !('ResizeObserver' in window)) {
  class NoopResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = NoopResizeObserver;
  (globalThis as unknown as { ResizeObserver: unknown }).ResizeObserver = NoopResizeObserver;
}
export {};
