/**
 * True for a unique-constraint violation on either dialect: PostgreSQL's 23505, SQLite's UNIQUE or PRIMARY KEY
 * constraint. A service maps it to its own conflict (a race lost to another request: a taken code, a repeated
 * idempotency key), since only the database's unique index decides two requests that arrive together.
 */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
