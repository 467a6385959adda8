// The scheduler's decisions on simulated time: jitter, active hours, back-off after repeated failures, the
// platform's rate-limit wait, and the status that reports each of them.
import { describe, expect, it } from 'vitest';
import type { ActiveHours } from '../core/domain/active-hours.js';
import { AppError } from '../core/errors.js';
import type { LoopDefinition } from './loop-definition.js';
import { Scheduler } from './scheduler.js';
import { SimulatedTime, seededRandom } from './simulated-time.js';

const silent = { info() {}, warn() {}, error() {} };
const MIN = 60_000;
const HOUR = 60 * MIN;
// Wednesday 2026-11-25 06:00 UTC.
const START = new Date('2026-11-25T06:00:00Z');

interface SetupExtra {
  activeHours?: ActiveHours;
  jitter?: [number, number];
  mode?: () => 'autopilot' | 'composer';
  unsupported?: string[];
  breaker?: { state: 'closed' | 'open' | 'half_open'; retryAt?: Date };
}

function setup(loop: LoopDefinition<null>, extra: SetupExtra = {}) {
  const time = new SimulatedTime(START);
  const scheduler = new Scheduler({
    deps: null,
    loops: [loop],
    mode: extra.mode ?? (() => 'autopilot'),
    logger: silent,
    setTimer: time.setTimer,
    clock: time,
    random: seededRandom(7),
    ...(extra.jitter ? { jitterMs: () => extra.jitter as [number, number] } : {}),
    ...(extra.activeHours ? { activeHours: () => extra.activeHours } : {}),
    ...(extra.unsupported ? { unsupported: () => extra.unsupported ?? [] } : {}),
    ...(extra.breaker ? { breaker: () => extra.breaker ?? { state: 'closed' } } : {}),
  });
  const runFor = (ms: number) => time.runUntil(new Date(time.now().getTime() + ms), () => scheduler.idle());
  return { time, scheduler, runFor };
}

describe('Scheduler on simulated time', () => {
  it('adds jitter within [min, max] after each run and reports what the run did', async () => {
    const runs: number[] = [];
    const { time, scheduler, runFor } = setup(
      {
        name: 'discovery',
        intervalMs: () => 10 * MIN,
        modes: ['autopilot'],
        jitter: true,
        run: async () => {
          runs.push(time.now().getTime());
          return `run ${runs.length}`;
        },
      },
      { jitter: [30_000, 120_000] },
    );
    scheduler.start();
    await runFor(2 * HOUR);
    const gaps = runs.slice(1).map((at, i) => at - (runs[i] as number));
    expect(gaps.length).toBeGreaterThanOrEqual(8);
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(10 * MIN + 30_000);
      expect(gap).toBeLessThanOrEqual(10 * MIN + 120_000);
    }
    expect(new Set(gaps).size).toBeGreaterThan(1);
    const [status] = scheduler.status();
    expect(status).toMatchObject({ last_outcome: 'ok', last_summary: `run ${runs.length}`, paused: null });
    expect(Date.parse(status?.next_run_at ?? '')).toBeGreaterThan(time.now().getTime() - 10 * MIN);
    await scheduler.stop();
  });

  it('sleeps outside active hours and wakes when they begin', async () => {
    const runs: string[] = [];
    const { time, scheduler, runFor } = setup(
      {
        name: 'content',
        intervalMs: () => HOUR,
        modes: ['autopilot'],
        activeHours: true,
        run: async () => {
          runs.push(time.now().toISOString());
        },
      },
      {
        activeHours: {
          timezone: 'UTC',
          start: 9,
          end: 11,
          days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
        },
      },
    );
    scheduler.start();
    await runFor(1);
    expect(scheduler.status()[0]).toMatchObject({
      paused: 'active_hours',
      paused_until: '2026-11-25T09:00:00.000Z',
      last_run_at: null,
    });
    await runFor(24 * HOUR);
    expect(runs).toEqual(['2026-11-25T09:00:00.000Z', '2026-11-25T10:00:00.000Z']);
    expect(runs.every((at) => Number(at.slice(11, 13)) >= 9 && Number(at.slice(11, 13)) < 11)).toBe(true);
    await scheduler.stop();
  });

  it('ten failures in a row pause the loop with back-off (doubling), and a success clears it', async () => {
    let failing = true;
    const runs: number[] = [];
    const { time, scheduler, runFor } = setup({
      name: 'mentions',
      intervalMs: () => MIN,
      modes: ['autopilot'],
      run: async () => {
        runs.push(time.now().getTime());
        if (failing) throw new Error('search answered garbage');
      },
    });
    scheduler.start();
    await runFor(9 * MIN + 1);
    expect(scheduler.status()[0]).toMatchObject({
      consecutive_errors: 10,
      state: 'paused',
      paused: 'backoff',
      paused_reason: '10 failures in a row',
    });
    expect(scheduler.status()[0]?.paused_until).toBe(
      new Date(START.getTime() + 9 * MIN + 5 * MIN).toISOString(),
    );
    expect(scheduler.status()[0]?.last_error).toBe('search answered garbage');
    await runFor(5 * MIN);
    // The 11th failure pauses twice as long.
    expect(scheduler.status()[0]).toMatchObject({ consecutive_errors: 11, paused: 'backoff' });
    expect(runs.at(-1)).toBe(START.getTime() + 14 * MIN);
    failing = false;
    await runFor(10 * MIN);
    expect(scheduler.status()[0]).toMatchObject({
      consecutive_errors: 0,
      paused: null,
      last_outcome: 'ok',
      last_error: null,
    });
    await scheduler.stop();
  });

  it('a rate limit waits for the reset the platform gave, and says so', async () => {
    const runs: number[] = [];
    const { time, scheduler, runFor } = setup({
      name: 'discovery',
      intervalMs: () => MIN,
      modes: ['autopilot'],
      run: async () => {
        runs.push(time.now().getTime());
        if (runs.length === 1)
          throw new AppError('social_rate_limited', 'search: rate limited', {
            resetAt: new Date(time.now().getTime() + 7 * MIN),
          });
      },
    });
    scheduler.start();
    await runFor(1);
    expect(scheduler.status()[0]).toMatchObject({
      paused: 'backoff',
      paused_reason: 'rate limited by the platform: waiting for its reset',
      paused_until: new Date(START.getTime() + 7 * MIN).toISOString(),
    });
    await runFor(8 * MIN);
    expect(runs[1]).toBe(START.getTime() + 7 * MIN);
    await scheduler.stop();
  });

  it('a mode that excludes the loop pauses it (mode) and runs nothing', async () => {
    let runs = 0;
    const { scheduler, runFor } = setup(
      {
        name: 'threads',
        intervalMs: () => HOUR,
        modes: ['autopilot'],
        run: async () => {
          runs++;
        },
      },
      { mode: () => 'composer' },
    );
    scheduler.start();
    await runFor(5 * HOUR);
    expect(runs).toBe(0);
    expect(scheduler.status()[0]?.paused).toBe('mode');
    await scheduler.stop();
  });

  it('a 403 for the access tier pauses the loop (tier) for an hour, doubling, instead of hammering', async () => {
    const runs: number[] = [];
    const { time, scheduler, runFor } = setup({
      name: 'mentions',
      intervalMs: () => 5 * MIN,
      modes: ['autopilot'],
      run: async () => {
        runs.push(time.now().getTime());
        throw new AppError('social_forbidden', 'mentions: HTTP 403: client-not-enrolled', {
          details: { status: 403, tier_restricted: true },
        });
      },
    });
    scheduler.start();
    await runFor(1);
    expect(scheduler.status()[0]).toMatchObject({
      state: 'paused',
      paused: 'tier',
      paused_until: new Date(START.getTime() + HOUR).toISOString(),
      last_error: 'mentions: HTTP 403: client-not-enrolled',
    });
    await runFor(6 * HOUR);
    // 0 h, 1 h, 3 h (after 2 h), 7 h would be next: three calls in six hours, not seventy-two.
    expect(runs.map((at) => (at - START.getTime()) / HOUR)).toEqual([0, 1, 3]);
    await scheduler.stop();
  });

  it('a backend without a needed read pauses the loop (tier) and never calls it', async () => {
    let runs = 0;
    const { scheduler, runFor } = setup(
      {
        name: 'mentions',
        intervalMs: () => 5 * MIN,
        modes: ['autopilot'],
        needs: ['getMentions'],
        run: async () => {
          runs++;
        },
      },
      { unsupported: ['getMentions'] },
    );
    scheduler.start();
    await runFor(HOUR);
    expect(runs).toBe(0);
    expect(scheduler.status()[0]).toMatchObject({
      paused: 'tier',
      paused_reason: 'the platform backend cannot getMentions',
    });
    await scheduler.stop();
  });

  it('an open circuit breaker pauses writing loops until its cooldown ends; others keep running', async () => {
    const ran: string[] = [];
    const retryAt = new Date(START.getTime() + 10 * MIN);
    const breaker = { state: 'open' as 'open' | 'closed', retryAt };
    const time = new SimulatedTime(START);
    const loop = (name: string, writes: boolean): LoopDefinition<null> => ({
      name,
      intervalMs: () => MIN,
      modes: ['autopilot'],
      writes,
      run: async () => {
        ran.push(`${name}@${(time.now().getTime() - START.getTime()) / MIN}`);
      },
    });
    const scheduler = new Scheduler({
      deps: null,
      loops: [loop('posting-queue', true), loop('analytics', false)],
      mode: () => 'autopilot',
      logger: silent,
      setTimer: time.setTimer,
      clock: time,
      breaker: () => breaker,
    });
    scheduler.start();
    await time.runUntil(new Date(START.getTime() + 1), () => scheduler.idle());
    expect(scheduler.status()[0]).toMatchObject({
      paused: 'breaker',
      paused_until: retryAt.toISOString(),
    });
    expect(ran).toEqual(['analytics@0']);
    breaker.state = 'closed';
    await time.runUntil(new Date(START.getTime() + 10 * MIN), () => scheduler.idle());
    expect(ran.filter((r) => r.startsWith('posting-queue'))).toEqual(['posting-queue@10']);
    expect(scheduler.status()[0]).toMatchObject({ state: 'idle', paused: null, paused_reason: null });
    await scheduler.stop();
  });

  it('a loop the config does not allow pauses as not_configured and says why; an LLM without a key too', async () => {
    let keywords: string[] = [];
    let llmKey = '';
    const runs: number[] = [];
    const { time, scheduler, runFor } = setup({
      name: 'discovery',
      intervalMs: () => 15 * MIN,
      modes: ['autopilot'],
      notConfigured: () => (keywords.length === 0 ? 'no keywords' : undefined),
      run: async () => {
        runs.push(time.now().getTime());
        if (!llmKey) throw new AppError('llm_not_configured', 'the openai provider needs llm.api_key');
      },
    });
    scheduler.start();
    await runFor(1);
    expect(scheduler.status()[0]).toMatchObject({ paused: 'not_configured', paused_reason: 'no keywords' });
    expect(runs).toEqual([]);
    keywords = ['sqlite'];
    await runFor(15 * MIN);
    expect(scheduler.status()[0]).toMatchObject({
      paused: 'not_configured',
      paused_reason: 'the openai provider needs llm.api_key',
    });
    llmKey = 'k';
    await runFor(15 * MIN);
    expect(scheduler.status()[0]).toMatchObject({ paused: null, last_outcome: 'ok' });
    expect(runs).toHaveLength(2);
    await scheduler.stop();
  });

  it('a loop with no platform login yet pauses as not_configured: one warning line, no error, until a login', async () => {
    let loggedIn = false;
    const logged: string[] = [];
    const time = new SimulatedTime(START);
    const scheduler = new Scheduler({
      deps: null,
      loops: [
        {
          name: 'analytics',
          intervalMs: () => 15 * MIN,
          modes: ['autopilot', 'composer'],
          run: async () => {
            if (!loggedIn)
              throw new AppError('social_not_configured', 'no platform tokens yet; run `app auth` to log in');
          },
        },
      ],
      mode: () => 'composer',
      logger: {
        info() {},
        warn: (_fields, message) => logged.push(`warn: ${message}`),
        error: (_fields, message) => logged.push(`error: ${message}`),
      },
      setTimer: time.setTimer,
      clock: time,
    });
    const runFor = (ms: number) => time.runUntil(new Date(time.now().getTime() + ms), () => scheduler.idle());
    scheduler.start();
    // Twelve turns without a login: more than the ten failures that would pause a failing loop as backoff.
    await runFor(12 * 15 * MIN);
    expect(scheduler.status()[0]).toMatchObject({
      paused: 'not_configured',
      paused_reason: 'no platform tokens yet; run `app auth` to log in',
      last_error_code: 'social_not_configured',
    });
    expect(logged).toEqual(['warn: loop analytics paused: no platform tokens yet; run `app auth` to log in']);
    loggedIn = true;
    await runFor(15 * MIN);
    expect(scheduler.status()[0]).toMatchObject({ paused: null, last_outcome: 'ok', consecutive_errors: 0 });
    expect(logged).toHaveLength(1);
    await scheduler.stop();
  });
});
