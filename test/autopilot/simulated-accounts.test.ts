// `app simulate --accounts 3` (issue 27 item 4): three accounts on one scheduler for two simulated days,
// each with settings of its own — the default account in Berlin, sim2 in New York with short days and caps
// of 2 posts and 3 replies a day, sim3 in Tokyo with a 10–20 minute gap between automated writes. Each
// posts under its own user at the fake platform, never outside its own active hours, never over its own
// caps, and with its own pacing; and the CLI prints one part per account.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSimulation, type SimulationResult } from '../../src/app/simulation/run-simulation.js';
import { localHourAndDay } from '../../src/core/domain/active-hours.js';
import { DEFAULT_USER_ID } from '../../src/infra/sandbox/social/index.js';
import { ActivityReportRepository } from '../../src/infra/sqlite/repositories/activity-report-repository.js';
import { runApp } from '../support/run-app.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';
import { simConfig } from './sim-config.js';

const DAYS = 2;
let result: SimulationResult;
/** Every post the run created at the fake platform: id, author, time, and text. */
let created: Array<{ id: string; authorId: string; at: number; text: string }> = [];
/** The ids of the posts each account recorded (by account name; '' the default account). */
const recorded = new Map<string, Set<string>>();
let workDir: string;

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'sim-accounts-'));
  result = await runSimulation({
    config: simConfig(),
    workDir,
    days: DAYS,
    seed: 5,
    faults: false,
    accounts: 3,
    afterRun: async (sim) => {
      for (const account of sim.app.accounts) {
        const posts = await new ActivityReportRepository(account.deps.database, account.deps.accountId).posts(
          new Date(0),
          new Date('9999-01-01T00:00:00.000Z'),
        );
        recorded.set(account.isDefault ? '' : account.name, new Set(posts.map((post) => post.tweet_id)));
      }
      created = [...sim.fake.state.tweets.values()].map((t) => ({
        id: t.id,
        authorId: t.authorId,
        at: t.createdAt,
        text: t.text,
      }));
    },
  });
}, 120_000);
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe('three accounts in one simulation', () => {
  it('runs the default account and two simulated ones with settings of their own', () => {
    expect(result.accounts?.map((a) => [a.account, a.timezone, a.userId])).toEqual([
      ['sim2', 'America/New_York', '1001'],
      ['sim3', 'Asia/Tokyo', '1002'],
    ]);
    expect(result.timezone).toBe('Europe/Berlin');
  });

  it('has every account post, each under its own user, within its own hours and caps', () => {
    const accounts = [
      { name: '', userId: DEFAULT_USER_ID, days: result.days, settings: result.settings },
      ...(result.accounts ?? []).map((a) => ({
        name: a.account,
        userId: a.userId,
        days: a.days,
        settings: a.settings,
      })),
    ];
    for (const { name, userId, days, settings } of accounts) {
      const posted = days.flatMap((day) => day.posted);
      expect(posted.length, `posts of ${userId}`).toBeGreaterThan(0);
      // What the report says this account posted is at the fake under this account's user.
      const own = created.filter((t) => t.authorId === userId);
      for (const post of posted.filter((p) => p.kind !== 'thread')) {
        const text = post.text.replace(/…$/, '');
        expect(
          own.some((t) => t.text.startsWith(text)),
          post.text,
        ).toBe(true);
      }
      // And only there: the posts the account recorded are exactly its user's posts of the run at the fake
      // (by id: the accounts share the business and the LLM, so two may write the same words).
      const ofRun = own.filter((t) => t.at >= result.start.getTime()).map((t) => t.id);
      expect([...(recorded.get(name) ?? [])].sort(), name).toEqual(ofRun.sort());
      const { timezone, start, end } = settings.activeHours;
      for (const day of days) {
        expect(day.totals.outsideActiveHours, `${userId} ${day.date}`).toBe(0);
        expect(day.totals.tweets, `${userId} ${day.date}`).toBeLessThanOrEqual(settings.max_tweets_per_day);
        expect(day.totals.replies, `${userId} ${day.date}`).toBeLessThanOrEqual(settings.max_replies_per_day);
      }
      // The hour of each autonomous write, read at the fake, lies in the account's own window.
      const mine = created.filter((t) => t.authorId === userId && t.at >= result.start.getTime());
      for (const post of mine) {
        const { hour } = localHourAndDay(new Date(post.at), timezone);
        expect(hour >= start && hour < end, `${userId} posted at ${hour}:00 ${timezone}`).toBe(true);
      }
    }
  });

  it("keeps each account's own pacing", () => {
    const sim3 = result.accounts?.find((a) => a.account === 'sim3');
    expect(sim3?.pacing.writes).toBeGreaterThan(1);
    expect(sim3?.pacing.smallestGapSeconds).toBeGreaterThanOrEqual(600);
    expect(result.pacing.smallestGapSeconds).toBeGreaterThanOrEqual(45);
    expect(result.pacing.smallestGapSeconds).toBeLessThan(600);
  });
});

describe('app simulate --accounts', () => {
  let home: TempHome;
  beforeAll(() => {
    home = createTempHome();
  });
  afterAll(() => home.cleanup());

  it('prints one part per account, each ending with its pacing', async () => {
    const run = await runApp(['simulate', '--days', '1', '--accounts', '3'], { env: home.env });
    expect(run.code, run.stderr).toBe(0);
    const parts = run.stdout.split(/\n(?=Account sim\d )/);
    expect(parts.map((part) => part.split('\n')[0])).toEqual([
      expect.stringMatching(/^Simulated 1 day\(s\) of autopilot/),
      'Account sim2 (@dana_devrel at the fake platform, America/New_York):',
      expect.stringMatching(/^Account sim3 \(@\w+ at the fake platform, Asia\/Tokyo\):$/),
    ]);
    for (const part of parts)
      expect(part.trimEnd()).toMatch(/Pacing \(automated writes at least [^\n]*\n {2}automated writes \d+/);
  });

  it('refuses more accounts than it can simulate, naming the limit', async () => {
    const run = await runApp(['simulate', '--accounts', '9'], { env: home.env });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--accounts: at most 5 accounts');
  });
});
