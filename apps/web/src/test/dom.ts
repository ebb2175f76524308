// jsdom lacks matchMedia, which antd's responsive helpers call (test/setup.ts loads this for every
// file). It answers as a browser whose user asked for reduced motion (as the Playwright journeys do):
// the app then turns antd's motion off, so a dialog is whole the moment it opens, however slow the machine.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: query === '(prefers-reduced-motion: reduce)',
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
export {};
