// Any write to Object.prototype (prototype pollution, in our code or a dependency) fails loudly
// in every server test instead of silently changing every object in the process.
// Some dependencies (ipaddr.js via proxy-addr, …) assign toString on their own prototypes while
// loading, which a frozen Object.prototype forbids (the "override mistake"), so the app and the
// harness are loaded first.
await import('../src/app.js');
await import('./harness.js');
await import('./factories.js');
// @zxing/library (invoice QR decoding) assigns toString on its prototypes while loading; until a module
// that app.js loads imports it, load it here before the freeze.
await import('@zxing/library');
if (!Object.isFrozen(Object.prototype)) Object.freeze(Object.prototype);
// The files of a worker share its modules (vitest isolate: false): no cache keeps another file's database rows.
const { clearProcessCaches } = await import('../src/platform/processCaches.js');
clearProcessCaches();
export {};
