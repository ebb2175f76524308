/**
 * Per-process caches keyed by ids (compiled scene versions, a tenant's standards) assume one database per
 * process, as a server has. The server tests share a process between files, each on a database of its own
 * where the same ids mean other rows: such a cache registers its clear function here, and the tests' setup
 * clears them all before each file.
 */
const clears: (() => void)[] = [];

export function registerProcessCache(clear: () => void) {
  clears.push(clear);
}

export function clearProcessCaches() {
  for (const clear of clears) clear();
}
