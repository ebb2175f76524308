import { CompiledQuery } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { Db } from '../../../platform/db/database.js';
import { dialectOf } from '../../../platform/db/dialect.js';

/** Rows per multi-row INSERT below: 14 columns × 1,000 rows stays under SQLite's 32,766 and PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 1000;
const fullChunkSql = new Map<string, string>();

/**
 * Multi-row `INSERT … VALUES (…), (…) [RETURNING …]` written as text with placeholders. At 1,000
 * rows a statement, Kysely's builder spends longer building and compiling the tree of 14,000
 * values than SQLite spends inserting them (member import of 100,000 rows); the text of a full
 * chunk is the same every time, so it is built once per table and dialect.
 */
export async function insertChunks<T extends keyof Database & string, R = never>(
  db: Db,
  table: T,
  columns: readonly (keyof Database[T] & string)[],
  rows: unknown[][],
  returning: readonly (keyof Database[T] & string)[] = [],
): Promise<R[]> {
  const pg = dialectOf(db) === 'postgres';
  const text = (n: number) => {
    const key = `${pg}|${table}|${columns.join(',')}|${returning.join(',')}`;
    const cached = n === INSERT_CHUNK ? fullChunkSql.get(key) : undefined;
    if (cached) return cached;
    let p = 0;
    const tuple = () => `(${columns.map(() => (pg ? `$${++p}` : '?')).join(', ')})`;
    const quoted = (cols: readonly string[]) => cols.map((c) => `"${c}"`).join(', ');
    const made =
      `insert into "${table}" (${quoted(columns)}) values ${Array.from({ length: n }, tuple).join(', ')}` +
      (returning.length ? ` returning ${quoted(returning)}` : '');
    if (n === INSERT_CHUNK) fullChunkSql.set(key, made);
    return made;
  };
  const out: R[] = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const chunk = rows.slice(i, i + INSERT_CHUNK);
    const res = await db.executeQuery<R>(CompiledQuery.raw(text(chunk.length), chunk.flat()));
    if (returning.length) for (const r of res.rows) out.push(r);
  }
  return out;
}
