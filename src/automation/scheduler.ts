// Runs loop definitions: one run at a time per loop; before each run the mode and the active hours are
// checked; after it the next run is set at interval (+ jitter), or later when the platform asked to wait
// (rate limit) or the loop keeps failing (back-off). Every decision is kept in the loop's status. Time
// comes from the clock and timers given, so a simulated week runs the same code. stop() waits for runs in
// progress so shutdown never cuts a write in half.
import type { Mode } from '../contracts/config/config.js';
import type { LoopPause, LoopStatus } from '../contracts/runtime-status.js';
import { type ActiveHours, msUntilActive } from '../core/domain/active-hours.js';
import { isAppError } from '../core/errors.js';
import type { Clock } from '../core/ports/clock.js';
import { DEFAULT_BACKOFF, type LoopDefinition } from './loop-definition.js';

export interface SchedulerLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export type SetTimer = (fn: () => void, ms: number) => { cancel(): void };

export interface SchedulerOptions<Deps> {
  deps: Deps;
  loops: ReadonlyArray<LoopDefinition<Deps>>;
  mode: () => Mode;
  logger: SchedulerLogger;
  setTimer?: SetTimer;
  clock?: Clock;
  /** Uniform in [0, 1); seeded in simulations. */
  random?: () => number;
  /** [min, max] milliseconds of jitter (`[limits]` min/max action delay). */
  jitterMs?: () => readonly [number, number];
  /** The account's active hours, when the loops keep them. */
  activeHours?: () => ActiveHours | undefined;
}

const realTimer: SetTimer = (fn, ms) => {
  const handle = setTimeout(fn, ms);
  handle.unref();
  return { cancel: () => clearTimeout(handle) };
};

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

export class Scheduler<Deps> {
  private readonly controller = new AbortController();
  private readonly timers = new Map<string, { cancel(): void }>();
  private readonly running = new Set<Promise<void>>();
  private readonly states = new Map<string, LoopStatus>();
  private readonly clock: Clock;

  constructor(private readonly options: SchedulerOptions<Deps>) {
    this.clock = options.clock ?? { now: () => new Date() };
    for (const loop of options.loops) {
      this.states.set(loop.name, {
        name: loop.name,
        modes: [...loop.modes],
        interval_seconds: Math.round(loop.intervalMs(options.deps) / 1000),
        last_run_at: null,
        next_run_at: null,
        last_outcome: null,
        last_summary: null,
        last_error: null,
        consecutive_errors: 0,
        paused: null,
        paused_until: null,
      });
    }
  }

  start(): void {
    for (const loop of this.options.loops) this.schedule(loop, 0);
  }

  /** Each loop's status, in declaration order. */
  status(): LoopStatus[] {
    return this.options.loops.map((loop) => ({ ...(this.states.get(loop.name) as LoopStatus) }));
  }

  /** Brings a loop's next run forward to now (e.g. a post was queued for immediate publishing). */
  wake(name: string): void {
    const loop = this.options.loops.find((l) => l.name === name);
    const timer = this.timers.get(name);
    if (!loop || !timer || this.controller.signal.aborted) return;
    timer.cancel();
    this.schedule(loop, 0);
  }

  /** Runs one loop now, outside its schedule (tests, `tick`-style commands). */
  async runOnce(name: string): Promise<void> {
    const loop = this.options.loops.find((l) => l.name === name);
    if (!loop) throw new Error(`unknown loop ${name}`);
    await loop.run(this.options.deps, { signal: this.controller.signal });
  }

  /** Resolves once no run is in progress (a simulation advances time only then). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private state(loop: LoopDefinition<Deps>): LoopStatus {
    return this.states.get(loop.name) as LoopStatus;
  }

  private schedule(loop: LoopDefinition<Deps>, delay: number): void {
    if (this.controller.signal.aborted) return;
    this.state(loop).next_run_at = iso(this.clock.now().getTime() + delay);
    const timer = this.options.setTimer ?? realTimer;
    this.timers.set(
      loop.name,
      timer(() => {
        let next = 0;
        const run = this.tick(loop).then((delayMs) => {
          next = delayMs;
        });
        this.running.add(run);
        void run.finally(() => {
          this.running.delete(run);
          this.schedule(loop, next);
        });
      }, delay),
    );
  }

  private pause(state: LoopStatus, why: LoopPause | null, waitMs = 0): void {
    state.paused = why;
    state.paused_until = why && waitMs > 0 ? iso(this.clock.now().getTime() + waitMs) : null;
  }

  /** One turn of a loop; answers the delay before the next. */
  private async tick(loop: LoopDefinition<Deps>): Promise<number> {
    const state = this.state(loop);
    const { deps } = this.options;
    if (!loop.modes.includes(this.options.mode())) {
      this.pause(state, 'mode');
      return loop.intervalMs(deps);
    }
    const hours = loop.activeHours ? this.options.activeHours?.() : undefined;
    const sleep = hours ? msUntilActive(this.clock.now(), hours) : 0;
    if (sleep > 0) {
      this.pause(state, 'active_hours', sleep);
      return sleep;
    }
    this.pause(state, null);
    state.last_run_at = this.clock.now().toISOString();
    try {
      const summary = await loop.run(deps, { signal: this.controller.signal });
      Object.assign(state, {
        last_outcome: 'ok',
        last_summary: typeof summary === 'string' ? summary : null,
        last_error: null,
        consecutive_errors: 0,
      });
      return loop.intervalMs(deps) + this.jitter(loop);
    } catch (error) {
      state.last_outcome = 'error';
      state.last_error = error instanceof Error ? error.message : String(error);
      state.consecutive_errors += 1;
      this.options.logger.error({ loop: loop.name, err: error }, `loop ${loop.name} failed`);
      return this.afterFailure(loop, state, error);
    }
  }

  private afterFailure(loop: LoopDefinition<Deps>, state: LoopStatus, error: unknown): number {
    const interval = loop.intervalMs(this.options.deps);
    if (isAppError(error) && error.code === 'social_rate_limited') {
      // The platform said when; otherwise 60 s doubling per failure, at most 15 minutes.
      const told =
        error.retryAfterSeconds !== undefined
          ? error.retryAfterSeconds * 1000
          : error.resetAt
            ? error.resetAt.getTime() - this.clock.now().getTime()
            : undefined;
      const wait = Math.max(1000, told ?? Math.min(900_000, 60_000 * 2 ** (state.consecutive_errors - 1)));
      this.pause(state, 'rate_limited', wait);
      return wait;
    }
    const backoff = loop.backoff ?? DEFAULT_BACKOFF;
    const over = state.consecutive_errors - backoff.afterErrors;
    if (over >= 0) {
      const wait = Math.min(HOUR, backoff.pauseMs * 2 ** over);
      this.pause(state, 'backoff', wait);
      return Math.max(wait, interval);
    }
    return interval + this.jitter(loop);
  }

  private jitter(loop: LoopDefinition<Deps>): number {
    if (!loop.jitter || !this.options.jitterMs) return 0;
    const [a, b] = this.options.jitterMs();
    const [min, max] = a <= b ? [a, b] : [b, a];
    return Math.round(min + (this.options.random ?? Math.random)() * (max - min));
  }

  /** Stops scheduling and waits for runs in progress. */
  async stop(): Promise<void> {
    this.controller.abort();
    for (const timer of this.timers.values()) timer.cancel();
    await Promise.allSettled([...this.running]);
  }
}
