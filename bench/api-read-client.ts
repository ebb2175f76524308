/**
 * The load generator of bench/api-read.ts, run as a child process so that the servers' process
 * spends its CPU on serving alone (its CPU time per request is then the server's own). Prints one
 * JSON line: requests per second over the time to the last response, and the p99 latency.
 */
import type { EventEmitter } from 'node:events';
import autocannon from 'autocannon';

const [url, amountArg, connectionsArg, headersJson] = process.argv.slice(2);
const headers = JSON.parse(headersJson ?? '{}') as Record<string, string>;
const connections = Number(connectionsArg);
const amount = Number(amountArg);
/** bench/api-read.ts counts these in its CPU per request. */
const WARMUP_REQUESTS = 2000;

// Warm-up, then the measured run.
await autocannon({ url, headers, connections, amount: WARMUP_REQUESTS });
// autocannon's per-second average, and even its end of run, fall on its 1-second ticks: too coarse
// for a run of a few seconds.
const started = performance.now();
let lastResponse = started;
// The returned tracker is both a promise of the result and an event emitter.
const run = autocannon({ url, headers, connections, amount }) as unknown as Promise<autocannon.Result> &
  EventEmitter;
run.on('response', () => {
  lastResponse = performance.now();
});
const r = await run;
if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
console.log(
  JSON.stringify({
    rps: r.requests.total / ((lastResponse - started) / 1000),
    p99: r.latency.p99,
  }),
);
