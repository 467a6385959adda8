// A scheduler whose turns are planned on a durable dispatch (the job engine on Postgres): the plans it
// records, and what a process that stops in the middle of a turn leaves planned.
import { describe, expect, it } from 'vitest';
import type { TurnDispatch } from '../core/ports/turn-dispatch.js';
import type { LoopDefinition } from './loop-definition.js';
import { Scheduler } from './scheduler.js';

const silent = { info() {}, warn() {}, error() {} };

/** The plans recorded, as the job engine's table would hold them: one per loop, the latest wins. */
function recordingDispatch() {
  const plans = new Map<string, number>();
  const dispatch: TurnDispatch = {
    plan: async (name, delayMs) => {
      plans.set(name, delayMs);
    },
    start: async (names) => {
      for (const name of names) if (!plans.has(name)) plans.set(name, 0);
    },
  };
  return { plans, dispatch };
}

describe('Scheduler with a durable dispatch', () => {
  it('plans the next turn of a turn in progress when the process stops, so the loop is not lost', async () => {
    const { plans, dispatch } = recordingDispatch();
    let release: () => void = () => undefined;
    const loop: LoopDefinition<null> = {
      name: 'posting-queue',
      intervalMs: () => 5000,
      modes: ['autopilot', 'composer'],
      run: () => new Promise<void>((resolve) => (release = resolve)),
    };
    const scheduler = new Scheduler({
      deps: null,
      loops: [loop],
      mode: () => 'autopilot',
      logger: silent,
      dispatch,
      jitterMs: () => [0, 0] as const,
    });
    scheduler.start();
    plans.clear();
    const turn = scheduler.turn('posting-queue');
    await new Promise((resolve) => setImmediate(resolve));
    const stopped = scheduler.stop();
    release();
    await turn;
    await stopped;
    expect(plans.get('posting-queue')).toBe(5000);
    // A turn given after the stop is refused: the engine gives it to another process.
    await expect(scheduler.turn('posting-queue')).rejects.toThrow('left to another process');
  });
});
