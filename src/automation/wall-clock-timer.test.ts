// A clock jump (a laptop's sleep and resume, or the clock set back) against the scheduler's own timer.
// Fake timers model the machine: `setSystemTime` moves the wall clock while timers and performance.now()
// stand still, which is what a suspended machine looks like to Node on resume.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoopDefinition } from './loop-definition.js';
import { Scheduler } from './scheduler.js';
import { TIMER_SLICE_MS, wallClockTimer } from './wall-clock-timer.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const silent = { info() {}, warn() {}, error() {} };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'] });
  vi.setSystemTime(new Date('2026-11-25T01:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

/** The machine sleeps: the wall clock moves on, nothing else does. */
// wall clock: vi's fake clock (setSystemTime)
const sleepFor = (ms: number) => vi.setSystemTime(Date.now() + ms);

describe('wall-clock timer', () => {
  it('a wait that spans a sleep ends when the wall clock says, not hours late', async () => {
    const fired = vi.fn();
    // wall clock: vi's fake clock
    wallClockTimer(() => Date.now())(fired, 8 * HOUR);
    await vi.advanceTimersByTimeAsync(HOUR);
    sleepFor(5 * HOUR);
    // 6 of the 8 hours are gone on the wall clock; a monotonic timer would still want 7.
    await vi.advanceTimersByTimeAsync(2 * HOUR - 2 * MIN);
    expect(fired).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2 * MIN + TIMER_SLICE_MS);
    expect(fired).toHaveBeenCalledOnce();
  });

  it('a clock set back does not stretch a wait: the monotonic time ends it', async () => {
    const fired = vi.fn();
    // wall clock: vi's fake clock
    wallClockTimer(() => Date.now())(fired, 15 * MIN);
    // wall clock: vi's fake clock
    vi.setSystemTime(Date.now() - 3 * HOUR);
    await vi.advanceTimersByTimeAsync(15 * MIN - 1);
    expect(fired).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fired).toHaveBeenCalledOnce();
  });

  it('cancel stops a wait between slices', async () => {
    const fired = vi.fn();
    // wall clock: vi's fake clock
    const timer = wallClockTimer(() => Date.now())(fired, 3 * HOUR);
    await vi.advanceTimersByTimeAsync(90 * MIN);
    timer.cancel();
    await vi.advanceTimersByTimeAsync(3 * HOUR);
    expect(fired).not.toHaveBeenCalled();
  });
});

describe('the scheduler across a sleep and resume', () => {
  function schedulerWith(loop: Partial<LoopDefinition<null>>, activeHours = false) {
    const runs: string[] = [];
    const scheduler = new Scheduler<null>({
      deps: null,
      loops: [
        {
          name: 'content',
          modes: ['autopilot'],
          intervalMs: () => 15 * MIN,
          run: async () => {
            // wall clock: vi's fake clock
            runs.push(new Date().toISOString().slice(11, 16));
            return 'ran';
          },
          ...loop,
        },
      ],
      mode: () => 'autopilot',
      logger: silent,
      ...(activeHours
        ? {
            activeHours: () => ({
              timezone: 'UTC',
              start: 9,
              end: 17,
              days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const,
            }),
          }
        : {}),
    });
    return { scheduler, runs };
  }

  it('a loop asleep for the night wakes when the active hours begin, though the laptop slept meanwhile', async () => {
    const { scheduler, runs } = schedulerWith({ activeHours: true }, true);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(scheduler.status()[0]).toMatchObject({
      paused: 'active_hours',
      paused_until: '2026-11-25T09:00:00.000Z',
    });
    sleepFor(5 * HOUR + 30 * MIN); // 02:00 → 07:30
    await vi.advanceTimersByTimeAsync(90 * MIN + TIMER_SLICE_MS); // to 09:01
    expect(runs).toEqual(['09:00']);
    expect(scheduler.status()[0]).toMatchObject({ paused: null, last_outcome: 'ok', consecutive_errors: 0 });
    await scheduler.stop();
  });

  it('a resume after hours runs each loop once, not once per missed interval, then keeps its interval', async () => {
    const { scheduler, runs } = schedulerWith({});
    scheduler.start();
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toEqual(['01:00']);
    sleepFor(4 * HOUR); // 16 intervals missed; awake again at 05:00
    await vi.advanceTimersByTimeAsync(TIMER_SLICE_MS);
    expect(runs).toEqual(['01:00', '05:01']);
    await vi.advanceTimersByTimeAsync(15 * MIN);
    expect(runs).toEqual(['01:00', '05:01', '05:16']);
    expect(scheduler.status()[0]?.next_run_at).toBe('2026-11-25T05:31:00.000Z');
    await scheduler.stop();
  });
});
