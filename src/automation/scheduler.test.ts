import { describe, expect, it } from 'vitest';
import type { Mode } from '../contracts/config/config.js';
import { createActorScope } from '../infra/process/actor-scope.js';
import type { LoopDefinition } from './loop-definition.js';
import { Scheduler } from './scheduler.js';

/** Timers that fire only when the test says so. */
function manualTimers() {
  const pending: Array<{ fn: () => void; ms: number; cancelled: boolean }> = [];
  return {
    pending,
    setTimer(fn: () => void, ms: number) {
      const entry = { fn, ms, cancelled: false };
      pending.push(entry);
      return { cancel: () => (entry.cancelled = true) };
    },
    async fireAll() {
      const due = pending.splice(0).filter((t) => !t.cancelled);
      for (const timer of due) timer.fn();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

const silent = { info() {}, warn() {}, error() {} };

describe('Scheduler', () => {
  it('runs each turn as the loop, so what it spends is attributed to loop:<name>', async () => {
    const timers = manualTimers();
    const actors = createActorScope();
    const seen: Array<string | undefined> = [];
    const loop: LoopDefinition<null> = {
      name: 'discovery',
      intervalMs: () => 5000,
      modes: ['autopilot'],
      run: async () => {
        await new Promise((resolve) => setImmediate(resolve));
        seen.push(actors.current());
      },
    };
    const scheduler = new Scheduler({
      deps: null,
      loops: [loop],
      mode: () => 'autopilot',
      logger: silent,
      setTimer: timers.setTimer,
      actorScope: actors,
    });
    scheduler.start();
    await timers.fireAll();
    await scheduler.runOnce('discovery');
    expect(seen).toEqual(['loop:discovery', 'loop:discovery']);
    expect(actors.current()).toBeUndefined();
    await scheduler.stop();
  });

  it('comes back when work the loop knows of falls due, sooner than its interval, never sooner than a second', async () => {
    const timers = manualTimers();
    const dues: Array<number | undefined> = [5000, 0, undefined];
    const loop: LoopDefinition<null> = {
      name: 'posting-queue',
      intervalMs: () => 60_000,
      modes: ['autopilot'],
      run: async () => {},
      nextDueMs: async () => dues.shift(),
    };
    const scheduler = new Scheduler({
      deps: null,
      loops: [loop],
      mode: () => 'autopilot',
      logger: silent,
      setTimer: timers.setTimer,
    });
    scheduler.start();
    const waits: number[] = [];
    for (let turn = 0; turn < 3; turn++) {
      await timers.fireAll();
      await scheduler.idle();
      await new Promise((resolve) => setImmediate(resolve));
      waits.push(timers.pending.filter((t) => !t.cancelled).at(-1)?.ms ?? -1);
    }
    // A post held for 5 s: back in 5 s; one due now but left (held elsewhere): a second; nothing: the interval.
    expect(waits).toEqual([5000, 1000, 60_000]);
    await scheduler.stop();
  });

  it('runs a loop, reschedules it after its interval, and honours the mode at each run', async () => {
    const timers = manualTimers();
    let mode: Mode = 'autopilot';
    const runs: string[] = [];
    const loop: LoopDefinition<null> = {
      name: 'content',
      intervalMs: () => 5000,
      modes: ['autopilot'],
      run: async () => {
        runs.push(mode);
      },
    };
    const scheduler = new Scheduler({
      deps: null,
      loops: [loop],
      mode: () => mode,
      logger: silent,
      setTimer: timers.setTimer,
    });
    scheduler.start();
    await timers.fireAll();
    expect(runs).toEqual(['autopilot']);
    expect(timers.pending.map((t) => t.ms)).toEqual([5000]);
    mode = 'composer';
    await timers.fireAll();
    expect(runs).toEqual(['autopilot']);
    mode = 'autopilot';
    await timers.fireAll();
    expect(runs).toEqual(['autopilot', 'autopilot']);
    await scheduler.stop();
  });

  it('a failing run is logged and the loop keeps its schedule', async () => {
    const timers = manualTimers();
    const errors: string[] = [];
    const loop: LoopDefinition<null> = {
      name: 'flaky',
      intervalMs: () => 1000,
      modes: ['autopilot'],
      run: async () => {
        throw new Error('boom');
      },
    };
    const logger = { info() {}, warn() {}, error: (_: object, msg: string) => errors.push(msg) };
    const scheduler = new Scheduler({
      deps: null,
      loops: [loop],
      mode: () => 'autopilot',
      logger,
      setTimer: timers.setTimer,
    });
    scheduler.start();
    await timers.fireAll();
    expect(errors).toEqual(['loop flaky failed']);
    expect(timers.pending).toHaveLength(1);
    await scheduler.stop();
  });

  it('stop() waits for a run in progress and schedules nothing after it', async () => {
    const timers = manualTimers();
    let finish: () => void = () => {};
    let finished = false;
    const loop: LoopDefinition<null> = {
      name: 'slow',
      intervalMs: () => 1000,
      modes: ['autopilot'],
      run: () =>
        new Promise<void>((resolve) => {
          finish = () => {
            finished = true;
            resolve();
          };
        }),
    };
    const scheduler = new Scheduler({
      deps: null,
      loops: [loop],
      mode: () => 'autopilot',
      logger: silent,
      setTimer: timers.setTimer,
    });
    scheduler.start();
    await timers.fireAll();
    const stopped = scheduler.stop();
    let done = false;
    void stopped.then(() => (done = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toBe(false);
    finish();
    await stopped;
    expect(finished).toBe(true);
    expect(timers.pending.filter((t) => !t.cancelled)).toHaveLength(0);
  });

  it('stop() waits for the stop’s status to be published, and a publish that fails is logged, not thrown', async () => {
    const timers = manualTimers();
    const errors: string[] = [];
    let publishStopped: () => void = () => {};
    const published: string[] = [];
    const scheduler = new Scheduler({
      deps: null,
      loops: [{ name: 'quick', intervalMs: () => 1000, modes: ['autopilot'], run: async () => {} }],
      mode: () => 'autopilot',
      logger: { info() {}, warn() {}, error: (_fields: unknown, message: string) => errors.push(message) },
      setTimer: timers.setTimer,
      onChange: (event) =>
        event === 'turn'
          ? Promise.reject(new Error('the board is unreachable'))
          : new Promise<void>((resolve) => {
              publishStopped = () => {
                published.push(event);
                resolve();
              };
            }),
    });
    scheduler.start();
    await timers.fireAll();
    expect(errors).toEqual(['loop status could not be published']);
    const stopped = scheduler.stop();
    let done = false;
    void stopped.then(() => (done = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toBe(false);
    publishStopped();
    await stopped;
    expect(published).toEqual(['stopped']);
  });

  it('asks the budget before a turn: a slowed loop waits its interval × the factor, a spent budget pauses it until the 1st', async () => {
    const timers = manualTimers();
    const now = new Date('2026-03-10T12:00:00Z');
    const resumeAt = new Date('2026-04-01T00:00:00Z');
    let verdict:
      | { state: 'slowed'; factor: number; reason: string }
      | { state: 'paused'; resumeAt: Date; reason: string }
      | undefined = { state: 'slowed', factor: 4, reason: 'slowed ×4: budget' };
    const asked: Array<{ loop: string; intervalMs: number }> = [];
    const done: string[] = [];
    let runs = 0;
    const scheduler = new Scheduler({
      deps: null,
      loops: [
        { name: 'discovery', intervalMs: () => 60_000, modes: ['autopilot'], run: async () => void runs++ },
      ],
      mode: () => 'autopilot',
      logger: silent,
      clock: { now: () => now },
      setTimer: timers.setTimer,
      budget: {
        check: async (loop, pace) => {
          asked.push({ loop, intervalMs: pace.intervalMs });
          return verdict;
        },
        turnDone: (loop) => done.push(loop),
      },
    });
    scheduler.start();
    await timers.fireAll();
    expect(runs).toBe(1);
    expect(done).toEqual(['discovery']);
    expect(asked).toEqual([{ loop: 'discovery', intervalMs: 60_000 }]);
    expect(timers.pending.at(-1)?.ms).toBe(240_000);
    expect(scheduler.status()[0]).toMatchObject({ state: 'idle', paused: null, slowed: 'slowed ×4: budget' });
    verdict = {
      state: 'paused',
      resumeAt,
      reason: 'the monthly API budget of $5.00 is spent: resumes 2026-04-01',
    };
    await timers.fireAll();
    expect(runs).toBe(1);
    expect(scheduler.status()[0]).toMatchObject({
      state: 'paused',
      paused: 'budget',
      paused_until: '2026-04-01T00:00:00.000Z',
      paused_reason: 'the monthly API budget of $5.00 is spent: resumes 2026-04-01',
      slowed: null,
    });
    // Rechecked hourly, so a raised budget resumes it within the hour.
    expect(timers.pending.at(-1)?.ms).toBe(3_600_000);
    verdict = undefined;
    await timers.fireAll();
    expect(runs).toBe(2);
    expect(scheduler.status()[0]).toMatchObject({ paused: null, slowed: null });
    expect(timers.pending.at(-1)?.ms).toBe(60_000);
    await scheduler.stop();
  });
});
