import { BEHAVIOUR_LOG } from '@feikong/contracts';

/**
 * The behaviour log (spec §5): what the user did last, for error reports. Messages are cut to 200
 * characters and names to 20; the last 100 entries are kept, in memory and in sessionStorage (so a
 * reload of the tab keeps them, a new tab starts empty).
 */
export interface BehaviourEntry {
  name: string;
  message: string;
  time: number;
}

export const BEHAVIOUR_LOG_KEY = 'feikong.behaviourLog';

let entries: BehaviourEntry[] | null = null;

function store(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function load(): BehaviourEntry[] {
  if (entries) return entries;
  try {
    const raw = store()?.getItem(BEHAVIOUR_LOG_KEY);
    const parsed = raw ? (JSON.parse(raw) as unknown) : [];
    entries = Array.isArray(parsed) ? (parsed as BehaviourEntry[]).slice(-BEHAVIOUR_LOG.keep) : [];
  } catch {
    entries = [];
  }
  return entries;
}

export function logBehaviour(name: string, message: string, now = Date.now()): BehaviourEntry {
  const entry: BehaviourEntry = {
    name: String(name).slice(0, BEHAVIOUR_LOG.maxName),
    message: String(message).slice(0, BEHAVIOUR_LOG.maxMessage),
    time: now,
  };
  const next = [...load(), entry].slice(-BEHAVIOUR_LOG.keep);
  entries = next;
  try {
    store()?.setItem(BEHAVIOUR_LOG_KEY, JSON.stringify(next));
  } catch {
    // storage full or disabled: the in-memory log still works
  }
  return entry;
}

export function getBehaviourLog(): readonly BehaviourEntry[] {
  return load();
}

/** Forgets the log (tests; logout). */
export function clearBehaviourLog(): void {
  entries = [];
  try {
    store()?.removeItem(BEHAVIOUR_LOG_KEY);
  } catch {
    // ignore
  }
}
