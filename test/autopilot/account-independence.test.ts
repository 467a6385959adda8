// One account's trouble never pauses another's loops (issue 27 item 4): each account has its own platform
// client, breaker, rate-limit state and scheduler. Here the platform refuses every post of account b (its
// own login, @dana_devrel at the fake) with 503s; on simulated time b's breaker opens and its posting queue
// pauses, while the default account's queue keeps posting every one of its posts under its own user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedTime } from '../../src/automation/simulated-time.js';
import { DEFAULT_USER_ID, faultPresets } from '../../src/infra/sandbox/social/index.js';
import { storeFakeLogin } from '../../src/infra/sandbox/store-fake-login.js';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';

const B_USER_ID = '1001';
const START = new Date('2026-11-22T12:00:00.000Z');
let h: HttpHarness;
let time: SimulatedTime;

beforeAll(async () => {
  time = new SimulatedTime(START);
  h = await startHttpHarness(
    {
      approval_mode: false,
      accounts: { b: { display_name: 'B' } },
      circuit_breaker: { error_threshold: 2 },
    },
    { time, start: START.toISOString() },
  );
  const b = h.app.accounts[1];
  if (!b) throw new Error('account b was not built');
  storeFakeLogin(h.fake, b.deps.paths.tokensPath, { userId: B_USER_ID });
});
afterAll(async () => {
  await Promise.all(h?.app.accounts.map((account) => account.loops.stop()) ?? []);
  await h?.close();
});

describe('accounts run apart', () => {
  it("b's refused posts open b's breaker and pause b's queue; the default account keeps posting", async () => {
    h.fake.faults.inject({
      userId: B_USER_ID,
      method: 'POST',
      path: /^\/2\/tweets$/,
      times: -1,
      action: faultPresets.serverError(),
    });
    const mine = ['First of mine', 'Second of mine', 'Third of mine'];
    const theirs = ['First of b', 'Second of b', 'Third of b'];
    for (const [content, headers] of [
      ...mine.map((text) => [text, {}] as const),
      ...theirs.map((text) => [text, { 'x-app-account': 'b' }] as const),
    ]) {
      const queued = await h.api(
        'POST',
        '/api/content/compose',
        { content_type: 'tweet', content },
        { headers },
      );
      expect(queued.status, JSON.stringify(queued.json)).toBe(202);
    }

    const seeded = new Set(h.fake.state.tweets.keys());
    for (const account of h.app.accounts) account.loops.start();
    // 35 minutes: b's breaker opens for ten minutes at a time and tries again; 12:35 is inside a pause.
    await time.runUntil(new Date(START.getTime() + 35 * 60_000), async () => {
      await Promise.all(h.app.accounts.map((account) => account.loops.idle()));
    });

    const posted = h.fake.state.tweetsNewestFirst().filter((t) => !seeded.has(t.id));
    for (const text of mine)
      expect(
        posted.filter((t) => t.text === text).map((t) => t.authorId),
        text,
      ).toEqual([DEFAULT_USER_ID]);
    expect(posted.filter((t) => t.authorId === B_USER_ID || theirs.includes(t.text))).toEqual([]);

    const [main, b] = h.app.accounts;
    expect(b?.deps.social.breaker.snapshot().state).toBe('open');
    expect(main?.deps.social.breaker.snapshot().state).toBe('closed');
    const queueOf = (account: typeof b) =>
      account?.loops.status().find((loop) => loop.name === 'posting-queue');
    expect(queueOf(b)).toMatchObject({ paused: 'breaker' });
    expect(queueOf(main)?.paused).toBeNull();
  });
});
