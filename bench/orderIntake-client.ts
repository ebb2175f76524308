/**
 * The channel of bench/orderIntake.ts, run as a child process so that the servers' processes spend their CPU
 * on serving alone, as with a real channel calling over the network. Sends RATE requests a second for SECONDS,
 * each on its own schedule (an open loop: a slow answer does not delay the next request), round-robin over the
 * servers' addresses after an unmeasured warm-up (order ids W…), and prints one JSON line: the rate held, p50/p99/max latency and the non-200 count.
 * argv[2]: JSON of ClientPlan.
 */
import { signedHeaders } from '../apps/server/src/modules/spend/index.js';
import { summarize } from './org-seed.js';

export interface ClientPlan {
  /** 'ours': the signed intake route; 'bare': the baseline's unsigned route. */
  mode: 'ours' | 'bare';
  addresses: string[];
  path: string;
  channel: { appId: string; secretKey: string };
  userIds: number[];
  sceneId: number;
  rate: number;
  seconds: number;
  /** Order ids are `${prefix}${i}`: unique per run. */
  prefix: string;
}

const plan = JSON.parse(process.argv[2] ?? '{}') as ClientPlan;

async function send(i: number, prefix = plan.prefix): Promise<number> {
  const body = JSON.stringify({
    orderId: `${prefix}${i}`,
    userId: plan.userIds[i % plan.userIds.length],
    sceneId: plan.sceneId,
    category: 2,
    amount: 1500,
  });
  const headers =
    plan.mode === 'ours'
      ? signedHeaders(plan.channel, 'POST', plan.path, body)
      : { 'content-type': 'application/json' };
  const r = await fetch(`${plan.addresses[i % plan.addresses.length]}${plan.path}`, {
    method: 'POST',
    headers,
    body,
  });
  await r.arrayBuffer();
  return r.status;
}

// Warm-up, not measured: the servers' first requests load modules lazily, compile the scene, fill pools and
// let V8 optimise the hot paths (with 300 warm-up requests the first 6 s of a 500/s run still queued up to
// 10 s behind a cold server). As bench/api-read-client.ts: 2,000 requests, 20 at a time.
const WARMUP = 2000;
for (let i = 0; i < WARMUP; i += 20)
  await Promise.all(Array.from({ length: 20 }, (_, k) => send(i + k, `W${plan.prefix}`)));

const total = plan.rate * plan.seconds;
// BENCH_TRACE=1: the worst latency of each second of the run, on stderr (where a tail comes from).
const TRACE = process.env.BENCH_TRACE === '1';
const worst: number[] = [];
const lat: number[] = [];
let errors = 0;
const started = performance.now();
const inflight: Promise<void>[] = [];
for (let i = 0; i < total; i++) {
  const wait = started + (i * 1000) / plan.rate - performance.now();
  if (wait > 1) await new Promise((r) => setTimeout(r, wait));
  inflight.push(
    (async () => {
      const t0 = performance.now();
      const code = await send(i).catch(() => 0);
      lat.push(performance.now() - t0);
      if (TRACE) {
        const sec = Math.floor((t0 - started) / 1000);
        worst[sec] = Math.max(worst[sec] ?? 0, performance.now() - t0);
      }
      if (code !== 200) errors++;
    })(),
  );
}
await Promise.all(inflight);
const secs = (performance.now() - started) / 1000;
if (TRACE) console.error(`${plan.mode} worst ms by second: ${worst.map((x) => Math.round(x)).join(' ')}`);
console.log(JSON.stringify({ ...summarize(lat), errors, rate: Math.round(total / secs) }));
