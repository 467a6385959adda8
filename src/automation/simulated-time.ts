// Simulated time for the scheduler: a clock that stands still until told to move, and timers that fire in
// time order when it does. After each timer the simulation waits for the runs it started to settle, so a
// week of loops runs in seconds and the same seed gives the same week. Loops therefore never sleep inside
// a run: a wait between actions is the next run's delay.
import type { Clock } from '../core/ports/clock.js';
import type { SetTimer } from './scheduler.js';

interface Entry {
  at: number;
  seq: number;
  fn: () => void;
  cancelled: boolean;
}

export class SimulatedTime implements Clock {
  private nowMs: number;
  private seq = 0;
  private entries: Entry[] = [];

  constructor(start: Date) {
    this.nowMs = start.getTime();
  }

  now(): Date {
    return new Date(this.nowMs);
  }

  readonly setTimer: SetTimer = (fn, ms) => {
    const entry: Entry = { at: this.nowMs + Math.max(0, ms), seq: this.seq++, fn, cancelled: false };
    this.entries.push(entry);
    return {
      cancel: () => {
        entry.cancelled = true;
      },
    };
  };

  /** Timers still waiting. */
  pending(): number {
    return this.entries.filter((e) => !e.cancelled).length;
  }

  /**
   * Moves time to `until`, firing every timer due on the way in order (ties in the order they were set);
   * after each, waits for `settle` (the scheduler's idle) before moving on.
   */
  async runUntil(until: Date, settle: () => Promise<void>): Promise<void> {
    const end = until.getTime();
    for (;;) {
      this.entries = this.entries.filter((e) => !e.cancelled);
      let next: Entry | undefined;
      for (const entry of this.entries) {
        if (entry.at > end) continue;
        if (!next || entry.at < next.at || (entry.at === next.at && entry.seq < next.seq)) next = entry;
      }
      if (!next) break;
      this.entries.splice(this.entries.indexOf(next), 1);
      this.nowMs = Math.max(this.nowMs, next.at);
      next.fn();
      await settle();
    }
    this.nowMs = Math.max(this.nowMs, end);
  }
}

/** A seeded uniform generator in [0, 1) (mulberry32): the same seed, the same simulated week. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
