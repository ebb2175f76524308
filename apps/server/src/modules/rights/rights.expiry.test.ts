import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { versionLastDay } from '@feikong/contracts';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { makeStaff, makeTenant } from '../../../test/factories.js';
import { tenantVersion } from './rights.service.js';
import { caller, giveVersion, R } from './rights.testkit.js';

// A version's expiry on the server (spec §4.4): one rule for "expired" and one day shown, the
// contracts' isVersionExpiredAt / versionLastDay, which the client uses too.

let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
});
afterAll(async () => t?.close());

const DAY = 86_400_000;

describe('version expiry', () => {
  it('counts expired from expired_at on, to the second (contracts isVersionExpiredAt, as the organisation tree)', async () => {
    const { tenantId } = await makeTenant(t.db);
    const at = Math.floor(Date.now() / 1000) * 1000 + 5 * DAY;
    await giveVersion(t, tenantId, {
      name: '基础版',
      versionId: null,
      activatedAt: at - 365 * DAY,
      expiredAt: at + 500,
    });
    expect((await tenantVersion(t.db, tenantId, at - 1))!.status).toBe(0);
    expect((await tenantVersion(t.db, tenantId, at))!.status).toBe(1);
  });

  it('expiring at Shanghai midnight: the notice, the version and the org tree name the same last day', async () => {
    const { tenantId } = await makeTenant(t.db);
    // The version notices go to those who may renew (rightRecharge:buy; issue 20 part 7).
    const s = await makeStaff(t.db, tenantId, ['rightRecharge:view', 'rightRecharge:buy']);
    // The Shanghai midnight three days back, e.g. 2026-10-24T16:00:00Z = 10-25 00:00 → last day 10-24.
    const SH = 8 * 3600_000;
    const midnight = Math.floor((Date.now() + SH) / DAY) * DAY - SH - 3 * DAY;
    await giveVersion(t, tenantId, {
      name: '标准版',
      versionId: null,
      activatedAt: midnight - 365 * DAY,
      expiredAt: midnight,
    });
    const lastDay = new Date(midnight - DAY + SH).toISOString().slice(0, 10);
    const notice = await call(s.token, 'GET', `${R}/tenant:notify`);
    expect(notice.body.data[0].message).toBe(`您的标准版已于${lastDay}到期，请及时续费，以免影响正常使用`);
    const version = await call(s.token, 'GET', `${R}/tenant/product-version:query`);
    expect(version.body.data).toMatchObject({ status: 1, expired_date: midnight / 1000 });
    // What the client shows from the seconds it receives.
    expect(versionLastDay(version.body.data.expired_date * 1000)).toBe(lastDay);
    expect((await tenantVersion(t.db, tenantId, midnight - 1))!.status).toBe(0);
    expect((await tenantVersion(t.db, tenantId, midnight))!.status).toBe(1);
  });
});
