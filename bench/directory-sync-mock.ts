/**
 * The WeCom mock of bench/directory-sync.ts in its own process (so the bench's peak RSS is the sync's, not the
 * mock's 20,000 generated users): prints its base URLs as one JSON line, then serves until killed.
 */
import {
  makeDirectory,
  startDirectoryMock,
} from '../apps/server/src/modules/integration/directorySync/directorySync.testkit.js';

const users = Number(process.env.BENCH_USERS ?? 20_000);
const depts = Number(process.env.BENCH_DEPTS ?? 800);
const mock = await startDirectoryMock(makeDirectory({ depts, users, fanout: 6, phonePrefix: '185' }));
// One member withheld (a conflict), as WeCom does for apps made after 2022-06-20.
mock.dir.users[0]!.withheld = true;
console.log(JSON.stringify(mock.bases));
