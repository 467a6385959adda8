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

/** Fires first: the earlier time, then the timer set first. */
const before = (a: Entry, b: Entry) => a.at < b.at || (a.at === b.at && a.seq < b.seq);

export class SimulatedTime implements Clock {
  private nowMs: number;
  private seq = 0;
  /** A binary heap on `before` (a week fires some 20,000 timers); cancelled ones leave as they surface. */
  private readonly heap: Entry[] = [];

  constructor(start: Date) {
    this.nowMs = start.getTime();
  }

  now(): Date {
    return new Date(this.nowMs);
  }

  readonly setTimer: SetTimer = (fn, ms) => {
    const entry: Entry = { at: this.nowMs + Math.max(0, ms), seq: this.seq++, fn, cancelled: false };
    this.push(entry);
    return {
      cancel: () => {
        entry.cancelled = true;
      },
    };
  };

  /** Timers still waiting. */
  pending(): number {
    return this.heap.filter((e) => !e.cancelled).length;
  }

  /**
   * Moves time to `until`, firing every timer due on the way in order (ties in the order they were set);
   * after each, waits for `settle` (the scheduler's idle) before moving on.
   */
  async runUntil(until: Date, settle: () => Promise<void>): Promise<void> {
    const end = until.getTime();
    for (;;) {
      while (this.heap[0]?.cancelled) this.pop();
      const next = this.heap[0];
      if (!next || next.at > end) break;
      this.pop();
      this.nowMs = Math.max(this.nowMs, next.at);
      next.fn();
      await settle();
    }
    this.nowMs = Math.max(this.nowMs, end);
  }

  private push(entry: Entry): void {
    const { heap } = this;
    heap.push(entry);
    for (let i = heap.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (!before(heap[i] as Entry, heap[parent] as Entry)) break;
      [heap[i], heap[parent]] = [heap[parent] as Entry, heap[i] as Entry];
      i = parent;
    }
  }

  private pop(): void {
    const { heap } = this;
    const last = heap.pop();
    if (!last || heap.length === 0) return;
    heap[0] = last;
    for (let i = 0; ; ) {
      const left = 2 * i + 1;
      const right = left + 1;
      let first = i;
      if (left < heap.length && before(heap[left] as Entry, heap[first] as Entry)) first = left;
      if (right < heap.length && before(heap[right] as Entry, heap[first] as Entry)) first = right;
      if (first === i) break;
      [heap[i], heap[first]] = [heap[first] as Entry, heap[i] as Entry];
      i = first;
    }
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
