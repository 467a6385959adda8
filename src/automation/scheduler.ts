// Runs loop definitions: one run at a time per loop, a failed run is logged and retried on the next tick,
// and stop() waits for runs in progress so shutdown never cuts a write in half.
import type { Mode } from '../contracts/config/config.js';
import type { LoopDefinition } from './loop-definition.js';

export interface SchedulerLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SchedulerOptions<Deps> {
  deps: Deps;
  loops: ReadonlyArray<LoopDefinition<Deps>>;
  mode: () => Mode;
  logger: SchedulerLogger;
  setTimer?: (fn: () => void, ms: number) => { cancel(): void };
}

const realTimer = (fn: () => void, ms: number) => {
  const handle = setTimeout(fn, ms);
  handle.unref();
  return { cancel: () => clearTimeout(handle) };
};

export class Scheduler<Deps> {
  private readonly controller = new AbortController();
  private readonly timers = new Map<string, { cancel(): void }>();
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly options: SchedulerOptions<Deps>) {}

  start(): void {
    for (const loop of this.options.loops) this.schedule(loop, 0);
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

  private schedule(loop: LoopDefinition<Deps>, delay: number): void {
    if (this.controller.signal.aborted) return;
    const timer = this.options.setTimer ?? realTimer;
    this.timers.set(
      loop.name,
      timer(() => {
        const run = this.tick(loop);
        this.running.add(run);
        void run.finally(() => {
          this.running.delete(run);
          this.schedule(loop, loop.intervalMs(this.options.deps));
        });
      }, delay),
    );
  }

  private async tick(loop: LoopDefinition<Deps>): Promise<void> {
    if (!loop.modes.includes(this.options.mode())) return;
    try {
      await loop.run(this.options.deps, { signal: this.controller.signal });
    } catch (error) {
      this.options.logger.error({ loop: loop.name, err: error }, `loop ${loop.name} failed`);
    }
  }

  /** Stops scheduling and waits for runs in progress. */
  async stop(): Promise<void> {
    this.controller.abort();
    for (const timer of this.timers.values()) timer.cancel();
    await Promise.allSettled([...this.running]);
  }
}
