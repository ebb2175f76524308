import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './dialect.js';

describe('withStatementCache (SQLite)', () => {
  it('reuses the prepared statement for the same SQL text', () => {
    const db = withStatementCache(new SqliteDatabase(':memory:'));
    const first = db.prepare('select 1 as x');
    expect(db.prepare('select 1 as x')).toBe(first);
    expect(db.prepare('select 2 as x')).not.toBe(first);
    db.close();
  });

  it('does not keep long statements (batch writes, long IN lists)', () => {
    const db = withStatementCache(new SqliteDatabase(':memory:'));
    const long = `select ${Array.from({ length: 400 }, (_, i) => `${i} as c${i}`).join(', ')}`;
    expect(long.length).toBeGreaterThan(2000);
    expect(db.prepare(long)).not.toBe(db.prepare(long));
    db.close();
  });

  it('hands out a fresh statement while the cached one is still being iterated', () => {
    const raw = new SqliteDatabase(':memory:');
    raw.exec('create table t (n integer); insert into t values (1), (2), (3);');
    const db = withStatementCache(raw);
    const text = 'select n from t order by n';
    const seen: number[][] = [];
    for (const row of db.prepare(text).iterate() as Iterable<{ n: number }>) {
      // The same query again, mid-iteration: must not throw "statement is busy".
      seen.push([row.n, (db.prepare(text).all() as { n: number }[]).length]);
    }
    expect(seen).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    db.close();
  });

  it('sees schema changes made after a statement was cached', () => {
    const raw = new SqliteDatabase(':memory:');
    raw.exec('create table t (a integer); insert into t values (1);');
    const db = withStatementCache(raw);
    expect(db.prepare('select * from t').all()).toEqual([{ a: 1 }]);
    raw.exec('alter table t add column b text');
    expect(db.prepare('select * from t').all()).toEqual([{ a: 1, b: null }]);
    db.close();
  });
});
