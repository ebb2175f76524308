/**
 * Errors that mean "the database cannot be reached right now" (a restart, a failover, a network
 * cut) rather than "this statement is wrong": requests answer 503 and jobs retry instead of failing.
 * node-pg reports them as SQLSTATE codes from the server, errno codes from the socket, or plain
 * messages of its own when the socket closes.
 */

/** SQLSTATE codes: class 08 (connection exception) is matched by prefix. */
const SQLSTATES = new Set([
  '57P01', // admin_shutdown: terminated by pg_terminate_backend or a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '57P05', // idle_session_timeout
  '53300', // too_many_connections
]);

const ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

const MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 3) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string') {
    if (SQLSTATES.has(e.code) || ERRNOS.has(e.code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(e.code)) return true;
  }
  if (typeof e.message === 'string' && MESSAGES.some((m) => (e.message as string).startsWith(m))) return true;
  // Node reports a refused connection to every address of a name (::1 and 127.0.0.1) as one AggregateError.
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

export const DATABASE_UNAVAILABLE_MSG = '数据库暂时不可用，请稍后重试';

/**
 * PostgreSQL rolled the transaction back to break a lock cycle (40P01, two batches locking overlapping rows in
 * different orders) or a serialization failure (40001): nothing of it was saved, so running it again is safe.
 */
export function isTransactionConflict(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 3) return false;
  const e = err as { code?: unknown; cause?: unknown };
  if (e.code === '40P01' || e.code === '40001') return true;
  return isTransactionConflict(e.cause, depth + 1);
}
