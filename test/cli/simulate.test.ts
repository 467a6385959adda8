// `app simulate` as a user runs it: their own config (pointing at "the real platform", here a fake that
// records every request, and at a real LLM endpoint, here the fake LLM) and their own database. The run
// prints day by day what would have been posted, what the guards stopped and the totals against each cap;
// the platform and the LLM it is configured for see no request, and the user's database is not touched.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeSocialConfig } from '../../src/infra/sandbox/social/config-lines.js';
import { DEFAULT_CLIENT_ID, type FakeSocial, startFakeSocial } from '../../src/infra/sandbox/social/index.js';
import { storeFakeLogin } from '../../src/infra/sandbox/store-fake-login.js';
import { openDatabase } from '../../src/infra/sqlite/open-database.js';
import { type FakeLlm, startFakeLlm } from '../fakes/llm/index.js';
import { analyticsSeed } from '../support/analytics-seed.js';
import { runApp } from '../support/run-app.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

let home: TempHome;
let platform: FakeSocial;
let llm: FakeLlm;
let dbPath: string;

const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

beforeEach(async () => {
  home = createTempHome();
  platform = await startFakeSocial();
  llm = await startFakeLlm();
  dbPath = join(home.dir, 'app.db');
  storeFakeLogin(platform, join(home.dir, 'tokens.json'));
  home.writeConfig(
    [
      'approval_mode = false',
      '[business]',
      'product_name = "Queuebird"',
      'product_keywords = ["sqlite", "job queue"]',
      'industry_topics = ["devops"]',
      '[targets]',
      'accounts = ["big_vendor"]',
      '[limits]',
      'max_replies_per_day = 4',
      '[llm]',
      'provider = "openai"',
      'api_key = "sk-real-key"',
      `base_url = "${llm.openaiBaseUrl}"`,
      '[storage]',
      `db_path = "${dbPath}"`,
      ...fakeSocialConfig(platform.url, DEFAULT_CLIENT_ID).toml,
    ].join('\n'),
  );
  // The user's database, with a post of their own from before.
  const database = openDatabase({ path: dbPath });
  await analyticsSeed(database).post('tweet', '1990000000000000001', '2025-12-30T10:00:00.000Z');
  await database.close();
});

afterEach(async () => {
  await platform.close();
  await llm.close();
  home.cleanup();
});

describe('app simulate', () => {
  it('prints each day, the guards and the totals against the caps; nothing reaches the platform or the LLM, the database is untouched', async () => {
    const before = sha(dbPath);
    const result = await runApp(['simulate', '--days', '2', '--seed', '3', '--faults'], { env: home.env });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const out = result.stdout;
    expect(out).toMatch(
      /^Simulated 2 day\(s\) of autopilot from 2026-01-05 \(UTC\), seed 3, with faults — nothing reached the real platform\.\n/,
    );
    expect(out).toContain('\nMon 2026-01-05\n');
    expect(out).toContain('\nTue 2026-01-06\n');
    const totals = [
      ...out.matchAll(/ {2}totals: replies (\d+)\/4 · posts (\d+)\/6 · threads (\d+)\/1 this week/g),
    ];
    expect(totals).toHaveLength(2);
    for (const [, replies, posts] of totals) {
      expect(Number(replies)).toBeLessThanOrEqual(4);
      expect(Number(posts)).toBeLessThanOrEqual(6);
    }
    // Something was done: a reply or a post as a loop, with its text.
    expect(out).toMatch(/ {2}\d{2}:\d{2} {2}(reply|tweet) +loop:[a-z]+ +"/);
    expect(out).toMatch(/fault: day \d/);
    // Each day's platform calls and their cost, and the run's total: the sum of the days.
    const days = [...out.matchAll(/\n {2}API: ([\d,]+) calls, \$(\d+\.\d{4})\n/g)];
    expect(days).toHaveLength(2);
    const total = out.match(
      /\nAPI over the 2 day\(s\): ([\d,]+) calls, \$(\d+\.\d{4}) \(the sum of the recorded costs\)\n/,
    );
    expect(total, out.slice(-600)).not.toBeNull();
    const count = (text = '') => Number(text.replaceAll(',', ''));
    expect(count(total?.[1])).toBe(days.reduce((sum, day) => sum + count(day[1]), 0));
    expect(count(total?.[1])).toBeGreaterThan(0);
    expect(Number(total?.[2])).toBeCloseTo(
      days.reduce((sum, day) => sum + Number(day[2]), 0),
      3,
    );
    // It ends with how the account's automated writes were spaced: never closer than the configured 45 s.
    const pacing = out.match(
      /\nPacing \(automated writes at least 45–180 s apart\):\n {2}automated writes (\d+) · smallest gap (\d+) s · most in any 15 minutes (\d+) · longest wait imposed [\d.]+ (s|min|h)\n$/,
    );
    expect(pacing, out.slice(-300)).not.toBeNull();
    expect(Number(pacing?.[1])).toBeGreaterThan(1);
    expect(Number(pacing?.[2])).toBeGreaterThanOrEqual(45);
    expect(platform.requests).toEqual([]);
    expect(llm.calls).toEqual([]);
    expect(sha(dbPath)).toBe(before);
  });

  // Three simulated days in one test: about 10 s alone, twice that beside another test file on 2 cores.
  it('the same seed gives the same report; --format json gives the whole result', {
    timeout: 60_000,
  }, async () => {
    const a = await runApp(['simulate', '--days', '1', '--seed', '8'], { env: home.env });
    const b = await runApp(['simulate', '--days', '1', '--seed', '8'], { env: home.env });
    expect(a.code).toBe(0);
    expect(b.stdout).toBe(a.stdout);
    const json = await runApp(['simulate', '--days', '1', '--seed', '8', '--format', 'json'], {
      env: home.env,
    });
    const report = JSON.parse(json.stdout) as { days: Array<{ date: string; posted: unknown[] }> };
    expect(report.days.map((d) => d.date)).toEqual(['2026-01-05']);
    expect(report.days[0]?.posted.length).toBe((a.stdout.match(/ {2}\d{2}:\d{2} {2}/g) ?? []).length);
  });

  it('a bad option names itself and exits 2', async () => {
    const result = await runApp(['simulate', '--days', '0'], { env: home.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--days/);
    expect(platform.requests).toEqual([]);
    for (const budget of ['0', '-3', 'lots']) {
      const bad = await runApp(['simulate', '--days', '1', '--budget', budget], { env: home.env });
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/--budget: a budget (must be more than 0|is a number of US dollars)/);
    }
  });
});
