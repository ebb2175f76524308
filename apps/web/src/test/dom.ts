// jsdom lacks matchMedia, which antd's responsive helpers call (test/setup.ts loads this for every
// file). It answers as a browser whose user asked for reduced motion (as the Playwright journeys do):
// the app then turns antd's motion off, so a dialog is whole the moment it opens, however slow the machine.
// Width queries (antd's breakpoints) answer for jsdom's window (1024 px wide): a desktop, not a phone.
function widthMatches(query: string): boolean {
  const min = /min-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  if (!min && !max) return false;
  const w = window.innerWidth;
  return (!min || w >= Number(min[1])) && (!max || w <= Number(max[1]));
}
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: query === '(prefers-reduced-motion: reduce)' || widthMatches(query),
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
