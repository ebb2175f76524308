import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import {
  KEPT_ON_LOGOUT,
  SESSION_STORAGE_KEY,
  clearForLogout,
  getSession,
  isPersonalAccount,
  reloadSession,
  setSession,
  useSession,
  type SessionState,
} from './session';

const full: SessionState = {
  token: 'tok',
  last_logged_org: 12,
  show_guide_group: 1,
  show_guide: true,
  username: '张三',
  ui_type: 'welfare',
  phone: '13800000000',
  top_org_id: 1,
  top_org_name: '示例集团',
  userStatus: 2,
  bankList: [{ bank: '工商银行' }],
  agentInfo: { id: 3 },
  orgcode_payer_type: 1,
  userMenus: { perms: ['*'] },
  dictData: { sex: [{ key: '1', value: '男' }] },
  dictDataObj: { sex: { '1': '男' } },
  enumListObj: { billType: [{ key: '1', value: '报销单' }] },
  register_status: 2,
  daily_login_date: '2026-11-22',
  need_bind_org: true,
  remembered_phone: '13800000000',
  remembered_device_token: 'device-abc',
  agreement_accepted: true,
  balance_warning_shown: true,
};

const stored = () => JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}') as Record<string, unknown>;

beforeEach(() => {
  localStorage.clear();
  reloadSession();
});
afterEach(() => localStorage.clear());

describe('session store', () => {
  it('persists to localStorage and survives a reload', () => {
    setSession(full);
    expect(stored()).toEqual(full);
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...stored(), username: '李四' }));
    reloadSession();
    expect(getSession()).toEqual({ ...full, username: '李四' });
  });

  it('clearForLogout keeps only remembered phone, device token, agreement and balance-warning flags', () => {
    setSession(full);
    clearForLogout();
    expect(Object.keys(stored()).sort()).toEqual([...KEPT_ON_LOGOUT].sort());
    expect(stored()).toEqual({
      remembered_phone: '13800000000',
      remembered_device_token: 'device-abc',
      agreement_accepted: true,
      balance_warning_shown: true,
    });
    const s = getSession();
    expect(s.token).toBe('');
    expect(s.userMenus).toBeNull();
    expect(s.dictData).toEqual({});
    expect(s.remembered_phone).toBe('13800000000');
  });

  it('never stores a password field', () => {
    setSession(full);
    expect(JSON.stringify(stored())).not.toMatch(/password/i);
  });

  it('a corrupt entry means no session', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, '{not json');
    reloadSession();
    expect(getSession().token).toBe('');
  });

  it('useSession re-renders on change', () => {
    const { result } = renderHook(() => useSession((s) => s.token));
    expect(result.current).toBe('');
    act(() => setSession({ token: 'new' }));
    expect(result.current).toBe('new');
    act(() => clearForLogout());
    expect(result.current).toBe('');
  });

  it('personal account = userStatus 0 or 1', () => {
    expect([0, 1, 2, null].map((userStatus) => isPersonalAccount({ ...full, userStatus }))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
