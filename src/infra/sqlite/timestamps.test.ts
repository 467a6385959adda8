// Tests for the stored timestamp format shared by app code and SQL defaults.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors.js';
import { openDatabase } from './open-database.js';
import { DB_TIMESTAMP_PATTERN, fromDbTimestamp, toDbTimestamp } from './timestamps.js';

describe('timestamps', () => {
  it('round-trips a date with millisecond precision', () => {
    const date = new Date(Date.UTC(2025, 0, 31, 23, 59, 58, 7));
    expect(toDbTimestamp(date)).toBe('2025-01-31T23:59:58.007Z');
    expect(fromDbTimestamp(toDbTimestamp(date)).getTime()).toBe(date.getTime());
  });

  it('uses the same shape as SQL defaults, so text order equals time order', async () => {
    const database = openDatabase({ path: ':memory:' });
    try {
      const fromSql = database.sqlite
        .prepare("SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now')")
        .pluck()
        .get() as string;
      expect(fromSql).toMatch(DB_TIMESTAMP_PATTERN);
      const earlier = toDbTimestamp(new Date(Date.parse(fromSql) - 1));
      expect(earlier < fromSql).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('rejects invalid dates and malformed stored text', () => {
    expect(() => toDbTimestamp(new Date(Number.NaN))).toThrow(AppError);
    expect(() => fromDbTimestamp('2025-01-31 12:00:00')).toThrow(/not ISO-8601/);
    expect(() => fromDbTimestamp('2025-01-31T12:00:00Z')).toThrow(AppError);
  });
});
