// countActions over real SQLite stores: each period's start, and since_hours overriding it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { analyticsSeed } from '../../../../test/support/analytics-seed.js';
import { FakeClock } from '../../../../test/support/fake-clock.js';
import { createAnalyticsDeps } from '../../../app/wiring/analytics-deps.js';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import { type AppDatabase, openDatabase } from '../../../infra/sqlite/open-database.js';
import { countActions } from './count-actions.js';

let database: AppDatabase;

beforeEach(async () => {
  database = openDatabase({ path: ':memory:' });
  const seed = analyticsSeed(database);
  for (const at of [
    '2026-11-22T11:30:00.000Z', // 30 minutes ago
    '2026-11-22T01:00:00.000Z', // today (UTC)
    '2026-11-21T13:00:00.000Z', // within 24 h
    '2026-11-18T12:00:00.000Z', // within a week
    '2026-11-01T12:00:00.000Z', // within 30 days
    '2026-09-01T12:00:00.000Z', // only in "all"
  ]) {
    await seed.action('discovery_reply', 'success', at);
  }
});
afterEach(async () => database.close());

describe('countActions', () => {
  it('counts today, the last day, week and month, all time, or the last N hours', async () => {
    const deps = createAnalyticsDeps(database, DEFAULT_ACCOUNT_ID, new FakeClock('2026-11-22T12:00:00.000Z'));
    const total = async (period: 'today' | 'day' | 'week' | 'month' | 'all', sinceHours?: number) =>
      (await countActions(deps, { period, sinceHours, timezone: 'UTC' })).actions_total;
    expect(await total('today')).toBe(2);
    expect(await total('day')).toBe(3);
    expect(await total('week')).toBe(4);
    expect(await total('month')).toBe(5);
    expect(await total('all')).toBe(6);
    expect(await total('all', 1)).toBe(1);
    const report = await countActions(deps, { period: 'week', sinceHours: 1, timezone: 'UTC' });
    expect(report).toMatchObject({ period: '1h', since: '2026-11-22T11:00:00.000Z' });
  });
});
