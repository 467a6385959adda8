// Tests for the LIMIT written into the SQL text: a select's limit, a raw query's sqlLimit and a prepared
// statement's preparedPerLimit are numbers in the SQL (no parameter SQLite would plan again at each run),
// anything but a safe integer stays a parameter (or is refused, for a prepared statement), and the rows
// are the ones a bound limit gave.
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { preparedPerLimit, sqlLimit } from './inline-limits.js';
import { type AppDatabase, openDatabase } from './open-database.js';

let database: AppDatabase;

beforeEach(async () => {
  database = openDatabase({ path: ':memory:' });
  for (const content of ['a', 'b', 'c', 'd'])
    await database.db.insertInto('drafts').values({ content }).execute();
});

afterEach(async () => {
  await database.close();
});

describe('LIMIT in the SQL text', () => {
  it('writes a select builder limit as a number and still limits the rows', async () => {
    const query = database.db.selectFrom('drafts').select('content').orderBy('id').limit(2);
    const compiled = query.compile();
    expect(compiled.sql).toMatch(/ limit 2$/);
    expect(compiled.parameters).toEqual([]);
    expect((await query.execute()).map((r) => r.content)).toEqual(['a', 'b']);
  });

  it('keeps the offset a parameter, beside the inlined limit', async () => {
    const query = database.db.selectFrom('drafts').select('content').orderBy('id').limit(2).offset(1);
    const compiled = query.compile();
    expect(compiled.sql).toMatch(/ limit 2 offset \?$/);
    expect(compiled.parameters).toEqual([1]);
    expect((await query.execute()).map((r) => r.content)).toEqual(['b', 'c']);
  });

  it('leaves anything but a safe integer a bound parameter', () => {
    for (const odd of [2.5, Number.MAX_SAFE_INTEGER + 2, Number.NaN]) {
      const compiled = database.db.selectFrom('drafts').select('content').limit(odd).compile();
      expect(compiled.sql).toMatch(/ limit \?$/);
      expect(compiled.parameters).toEqual([odd]);
    }
  });

  it('writes a raw query limit through sqlLimit', async () => {
    const query = sql<{ content: string }>`select content from drafts order by id limit ${sqlLimit(3)}`;
    const compiled = query.compile(database.db);
    expect(compiled.sql).toBe('select content from drafts order by id limit 3');
    expect(compiled.parameters).toEqual([]);
    expect((await query.execute(database.db)).rows.map((r) => r.content)).toEqual(['a', 'b', 'c']);
    const odd = sql`select content from drafts limit ${sqlLimit(1.5)}`.compile(database.db);
    expect(odd.sql).toBe('select content from drafts limit ?');
    expect(odd.parameters).toEqual([1.5]);
  });

  it('prepares a better-sqlite3 statement once per limit, the limit in its text', () => {
    const pending = preparedPerLimit(
      database.sqlite,
      (limit) => `select content from drafts order by id limit ${limit}`,
    );
    const two = pending(2);
    expect(two.source).toBe('select content from drafts order by id limit 2');
    expect(pending(2)).toBe(two);
    expect(
      pending(3)
        .all()
        .map((r) => (r as { content: string }).content),
    ).toEqual(['a', 'b', 'c']);
    expect(() => pending(2.5)).toThrow(RangeError);
  });
});
