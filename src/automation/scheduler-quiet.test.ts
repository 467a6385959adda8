// Quiet turns (simulations): a polling loop that says its next turns would find nothing is not run for
// them, yet each is taken as its empty turn would have gone — the same timeline of turns, the same waits,
// the same next-due wake-ups — and it runs again as soon as its work may have changed or comes due.
import { describe, expect, it } from 'vitest';
import type { LoopDefinition } from './loop-definition.js';
import { Scheduler } from './scheduler.js';
import { SimulatedTime } from './simulated-time.js';

const silent = { info() {}, warn() {}, error() {} };
const MIN = 60_000;
const START = new Date('2026-11-25T06:00:00Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * MIN);
const minutesOf = (iso: string | null | undefined) => (iso ? (Date.parse(iso) - START.getTime()) / MIN : -1);

/**
 * A queue polled every 2 minutes: work falls due at `dueAt` instants (its nextDueMs names the next one, as the
 * posting queue does), `write()` stands for a job written. Answers which turns ran and the turn timeline.
 */
async function pollFor(minutes: number, skipQuietTurns: boolean, options: { waitingAt?: number[] } = {}) {
  const time = new SimulatedTime(START);
  const dueAt = [7.5, 31];
  let writes = 0;
  const ran: number[] = [];
  const nextDue = (now: Date) => dueAt.map(at).find((d) => d > now);
  const loop: LoopDefinition<null> = {
    name: 'queue',
    intervalMs: () => 2 * MIN,
    modes: ['autopilot'],
    run: async () => {
      ran.push(minutesOf(time.now().toISOString()));
    },
    nextDueMs: async () => {
      const due = nextDue(time.now());
      return due ? due.getTime() - time.now().getTime() : undefined;
    },
    quiet: {
      version: () => writes,
      quietUntil: async (_deps, now) =>
        options.waitingAt?.includes(minutesOf(now.toISOString())) ? undefined : (nextDue(now) ?? null),
    },
  };
  const turns: number[] = [];
  const scheduler: Scheduler<null> = new Scheduler({
    deps: null,
    loops: [loop],
    mode: () => 'autopilot',
    logger: silent,
    setTimer: time.setTimer,
    clock: time,
    skipQuietTurns,
    onChange: (event) => {
      if (event === 'turn') turns.push(minutesOf(scheduler.status()[0]?.last_run_at));
    },
  });
  scheduler.start();
  // A job written at minute 15 (between two polls): the poll after it runs.
  time.setTimer(() => {
    writes += 1;
  }, 15 * MIN);
  await time.runUntil(at(minutes), () => scheduler.idle());
  const status = scheduler.status()[0];
  await scheduler.stop();
  return { ran, turns, status };
}

describe('quiet turns on simulated time', () => {
  it('takes the empty polls without running them: the same turns, and runs only where work may be', async () => {
    const every = await pollFor(40, false);
    const quiet = await pollFor(40, true);
    // The timeline of turns is the one every poll gives: every 2 minutes, and exactly when work falls due.
    expect(quiet.turns).toEqual(every.turns);
    expect(every.turns.slice(0, 6)).toEqual([0, 2, 4, 6, 7.5, 9.5]);
    expect(quiet.status).toEqual(every.status);
    expect(every.ran).toEqual(every.turns);
    // Run: the first turn, each due instant, and the first poll after the write at minute 15.
    expect(quiet.ran).toEqual([0, 7.5, 15.5, 31]);
  });

  it('runs every turn while the loop says work is waiting', async () => {
    const quiet = await pollFor(12, true, { waitingAt: [0, 2, 4] });
    expect(quiet.ran).toEqual([0, 2, 4, 6, 7.5]);
  });

  it('never skips a turn without the simulation asking for it', async () => {
    const every = await pollFor(12, false);
    expect(every.ran).toEqual(every.turns);
    expect(every.ran.length).toBeGreaterThan(6);
  });
});
