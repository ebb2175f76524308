import { useSyncExternalStore } from 'react';

/** Interface type of spec §1. */
export type UiType = 'fee_control' | 'welfare' | 'shop_welfare';

export interface DictItem {
  key: string;
  value: string;
}
export interface EnumGroup {
  type: string;
  items: DictItem[];
}
/** Server menus of the user (spec §3: perms list, `*` means all). Menu entries are typed by the router later. */
export interface UserMenus {
  perms: string[];
  rules?: unknown[];
}

/** Session data of spec §3, persisted to localStorage. */
export interface SessionState {
  token: string;
  last_logged_org: number | string | null;
  show_guide_group: boolean | number | null;
  show_guide: boolean | number | null;
  username: string;
  ui_type: UiType;
  phone: string;
  top_org_id: number | string | null;
  top_org_name: string;
  /** 0 or 1 = personal account (no organisation yet); 2 = organisation member (spec §4.1). */
  userStatus: number | null;
  bankList: unknown[];
  agentInfo: unknown;
  /** 0 the provider pays, 1 the organisation pays itself. */
  orgcode_payer_type: number | null;
  userMenus: UserMenus | null;
  dictData: Record<string, DictItem[]>;
  dictDataObj: Record<string, Record<string, string>>;
  enumListObj: Record<string, DictItem[]>;
  /** Registration status (spec §4.1): 2 once a token login completed. */
  register_status: number | null;
  /** Daily-login flag (spec §4.1): the local day (YYYY-MM-DD) of the last completed login. */
  daily_login_date: string;
  /** The organisation list needs a choice and none was made yet: the bind-organisation dialog is due. */
  need_bind_org: boolean;
  // Kept across logout:
  remembered_phone: string;
  /** Replaces the spec's "remembered encoded password": we never store passwords. */
  remembered_device_token: string;
  agreement_accepted: boolean;
  balance_warning_shown: boolean;
}

/** The only fields a logout keeps (spec §4.1, with a device token instead of a password). */
export const KEPT_ON_LOGOUT = [
  'remembered_phone',
  'remembered_device_token',
  'agreement_accepted',
  'balance_warning_shown',
] as const satisfies readonly (keyof SessionState)[];

export const SESSION_STORAGE_KEY = 'feikong.session';

function defaults(): SessionState {
  return {
    token: '',
    last_logged_org: null,
    show_guide_group: null,
    show_guide: null,
    username: '',
    ui_type: 'fee_control',
    phone: '',
    top_org_id: null,
    top_org_name: '',
    userStatus: null,
    bankList: [],
    agentInfo: null,
    orgcode_payer_type: null,
    userMenus: null,
    dictData: {},
    dictDataObj: {},
    enumListObj: {},
    register_status: null,
    daily_login_date: '',
    need_bind_org: false,
    remembered_phone: '',
    remembered_device_token: '',
    agreement_accepted: false,
    balance_warning_shown: false,
  };
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled (privacy mode): the session lives in memory only
  }
}

function load(): SessionState {
  const base = defaults();
  try {
    const raw = storage()?.getItem(SESSION_STORAGE_KEY);
    const saved = raw ? (JSON.parse(raw) as Partial<SessionState>) : {};
    for (const key of Object.keys(base) as (keyof SessionState)[]) {
      if (key in saved) (base as unknown as Record<string, unknown>)[key] = saved[key];
    }
  } catch {
    // a corrupt entry is treated as no session
  }
  return base;
}

/** Only values that differ from the defaults are written, so the stored object says what is set. */
function persist(state: SessionState): void {
  const base = defaults();
  const out: Partial<Record<keyof SessionState, unknown>> = {};
  for (const key of Object.keys(state) as (keyof SessionState)[]) {
    if (JSON.stringify(state[key]) !== JSON.stringify(base[key])) out[key] = state[key];
  }
  try {
    storage()?.setItem(SESSION_STORAGE_KEY, JSON.stringify(out));
  } catch {
    // quota exceeded or disabled: keep the in-memory state
  }
}

let state: SessionState = load();
const listeners = new Set<() => void>();

function commit(next: SessionState): void {
  state = next;
  persist(state);
  for (const l of [...listeners]) l();
}

export function getSession(): SessionState {
  return state;
}

export function setSession(patch: Partial<SessionState>): void {
  commit({ ...state, ...patch });
}

/** Logout: clears everything except the kept fields (spec §4.1). */
export function clearForLogout(): void {
  const next = defaults();
  for (const key of KEPT_ON_LOGOUT) (next as unknown as Record<string, unknown>)[key] = state[key];
  commit(next);
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Re-reads localStorage (another tab changed it, or a test reset it) and notifies subscribers. */
export function reloadSession(): void {
  state = load();
  for (const l of [...listeners]) l();
}

// Another tab logging in or out changes our session too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === SESSION_STORAGE_KEY || e.key === null) reloadSession();
  });
}

/** React hook: the whole session or a selected part (selectors must return stored values, not new objects). */
export function useSession(): SessionState;
export function useSession<T>(selector: (s: SessionState) => T): T;
export function useSession<T>(selector?: (s: SessionState) => T): T | SessionState {
  const pick = () => (selector ? selector(state) : state);
  return useSyncExternalStore(subscribeSession, pick, pick);
}

/** A personal account has not joined any organisation yet (spec §4.1). */
export function isPersonalAccount(s: SessionState = state): boolean {
  return s.userStatus === 0 || s.userStatus === 1;
}
