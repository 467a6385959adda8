// Runs loop definitions: one run at a time per loop; before each run the mode and the active hours are
// checked; after it the next run is set at interval (+ jitter), or later when the platform asked to wait
// (rate limit) or the loop keeps failing (back-off). Every decision is kept in the loop's status. Time
// comes from the clock and timers given, so a simulated week runs the same code. stop() waits for runs in
// progress so shutdown never cuts a write in half. With a monthly API budget, a reading loop's turn first
// asks the budget (src/core/services/budget/loop-budget.ts): its interval is stretched while it is slowed,
// and it pauses as `budget` until the 1st of next month when the budget is spent (rechecked hourly, so a
// raised budget applies within the hour).
import { loopActor } from '../contracts/actor.js';
import { idleLoopStatus, type LoopPause, type LoopStatus } from '../contracts/runtime-status.js';
import { type ActiveHours, msUntilActive } from '../core/domain/active-hours.js';
import { activeShareOf } from '../core/domain/api-budget.js';
import { isAppError } from '../core/errors.js';
import { noActorScope } from '../core/ports/actor-scope.js';
import type { Clock } from '../core/ports/clock.js';
import type { LoopDefinition } from './loop-definition.js';
import { planAfterFailure } from './loop-pauses.js';
import { QuietSpells } from './quiet-spells.js';
import type { SchedulerOptions } from './scheduler-options.js';
import { type SetTimer, wallClockTimer } from './wall-clock-timer.js';

export type { TurnDispatch } from '../core/ports/turn-dispatch.js';
export type { LoopBudgetGate, SchedulerLogger, SchedulerOptions } from './scheduler-options.js';
export type { SetTimer } from './wall-clock-timer.js';

/** The shortest wait a loop's known due work can ask for. */
const MIN_DUE_WAIT_MS = 1000;

/** A loop paused for the budget looks again this often (a raised budget resumes it). */
const BUDGET_RECHECK_MS = 3_600_000;

const iso = (ms: number) => new Date(ms).toISOString();

export class Scheduler<Deps> {
  private readonly controller = new AbortController();
  private readonly timers = new Map<string, { cancel(): void }>();
  /** With a dispatch: each loop's latest plan of its next turn ('' for the start). */
  private readonly plans = new Map<string, Promise<void>>();
  private readonly running = new Set<Promise<void>>();
  /** The last status onChange is publishing (stop() waits for it). */
  private publishing: Promise<void> = Promise.resolve();
  private readonly states = new Map<string, LoopStatus>();
  /** Interval multipliers of the loops the budget slows. */
  private readonly slowdowns = new Map<string, number>();
  /** onTurnTiming: the scheduler's own time in each loop's current turn, and where its current stretch began. */
  private readonly own = new Map<string, { spent: number; since: number }>();
  /** Simulations: the quiet loops' empty turns taken without running them. */
  private readonly quiet: QuietSpells<Deps> | undefined;
  private readonly clock: Clock;
  private readonly setTimer: SetTimer;

  constructor(private readonly options: SchedulerOptions<Deps>) {
    this.clock = options.clock ?? { now: () => new Date() };
    this.setTimer = options.setTimer ?? wallClockTimer(() => this.clock.now().getTime());
    this.quiet = options.skipQuietTurns ? new QuietSpells(options.deps) : undefined;
    for (const loop of options.loops) {
      const interval = Math.round(loop.intervalMs(options.deps) / 1000);
      this.states.set(loop.name, idleLoopStatus(loop.name, loop.modes, interval));
    }
  }

  /** Starts the loops (`only`: these of them; with a dispatch the others may still be given turns). */
  start(only?: readonly string[]): void {
    const loops = this.options.loops.filter((loop) => !only || only.includes(loop.name));
    const { dispatch } = this.options;
    if (!dispatch) {
      for (const loop of loops) this.schedule(loop, 0);
      return;
    }
    const now = iso(this.clock.now().getTime());
    for (const loop of loops) this.state(loop).next_run_at = now;
    this.planning('', dispatch.start(loops.map((loop) => loop.name)));
  }

  /** Each loop's status, in declaration order. */
  status(): LoopStatus[] {
    return this.options.loops.map((loop) => ({ ...(this.states.get(loop.name) as LoopStatus) }));
  }

  /** Brings a loop's next run forward to now (e.g. a post was queued for immediate publishing). */
  wake(name: string): void {
    const loop = this.options.loops.find((l) => l.name === name);
    if (loop && this.options.dispatch && !this.controller.signal.aborted) {
      this.schedule(loop, 0);
      return;
    }
    const timer = this.timers.get(name);
    if (!loop || !timer || this.controller.signal.aborted) return;
    timer.cancel();
    this.schedule(loop, 0);
  }

  /**
   * A turn the job engine gave this process (`dispatch`): the loop's turn as its timer would have run it,
   * its next turn planned before this resolves. Rejects when this scheduler has stopped (the engine gives
   * the turn to another process).
   */
  async turn(name: string): Promise<void> {
    const loop = this.options.loops.find((l) => l.name === name);
    if (!loop) throw new Error(`unknown loop ${name}`);
    if (this.controller.signal.aborted)
      throw new Error(`the loops are stopping: ${name} is left to another process`);
    await this.turnNow(loop);
    // A next turn that could not be recorded is logged (planning); the engine's check plans the loop again
    // within seconds. Failing the job instead would put it under the engine's growing back-off (minutes).
    await this.plans.get(name)?.catch(() => undefined);
  }

  /** Runs one loop now, outside its schedule (tests, `tick`-style commands). */
  async runOnce(name: string): Promise<void> {
    const loop = this.options.loops.find((l) => l.name === name);
    if (!loop) throw new Error(`unknown loop ${name}`);
    await this.runTurn(loop);
  }

  /** Resolves once no run is in progress (a simulation advances time only then). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private state(loop: LoopDefinition<Deps>): LoopStatus {
    return this.states.get(loop.name) as LoopStatus;
  }

  private schedule(loop: LoopDefinition<Deps>, delay: number): void {
    // A turn the engine gave this process still plans its next one while the process stops: the plan
    // lives in the database for the other workers, and without it the loop would have no next turn.
    if (this.controller.signal.aborted && !this.options.dispatch) return;
    this.state(loop).next_run_at = iso(this.clock.now().getTime() + delay);
    const { dispatch } = this.options;
    if (dispatch) {
      this.planning(loop.name, dispatch.plan(loop.name, delay));
      return;
    }
    this.timers.set(
      loop.name,
      this.setTimer(() => void this.turnNow(loop), delay),
    );
  }

  /** A plan in flight: kept so `turn` can wait for it; a failure is logged (turn() rethrows it). */
  private planning(name: string, plan: Promise<void>): void {
    const kept = plan.catch((error: unknown) => {
      this.options.logger.error({ loop: name || undefined, err: error }, 'a loop turn could not be planned');
      throw error;
    });
    kept.catch(() => undefined);
    this.plans.set(name, kept);
  }

  /** One turn, then the next one set: what a loop's timer runs, and a turn the job engine gave. */
  private turnNow(loop: LoopDefinition<Deps>): Promise<void> {
    this.own.set(loop.name, { spent: 0, since: performance.now() });
    let next = 0;
    const run = this.tick(loop).then((delayMs) => {
      next = delayMs;
    });
    this.running.add(run);
    return run.finally(() => {
      this.resume(loop);
      this.running.delete(run);
      this.schedule(loop, next);
      this.changed('turn', loop);
      this.suspend(loop);
      const spent = this.own.get(loop.name)?.spent;
      if (spent !== undefined) this.options.onTurnTiming?.(loop.name, { schedulerMs: spent });
    });
  }

  private pause(
    state: LoopStatus,
    why: LoopPause | null,
    waitMs = 0,
    reason: string | null = null,
    until?: Date,
  ): void {
    state.paused = why;
    state.state = why ? 'paused' : 'idle';
    state.paused_until = !why
      ? null
      : until
        ? until.toISOString()
        : waitMs > 0
          ? iso(this.clock.now().getTime() + waitMs)
          : null;
    state.paused_reason = why ? reason : null;
  }

  /** Why the loop may not run now, and for how long, checked before each turn. */
  private async gate(
    loop: LoopDefinition<Deps>,
  ): Promise<{ why: LoopPause; wait: number; reason: string; until?: Date } | undefined> {
    const { deps } = this.options;
    const interval = this.interval(loop);
    if (!loop.modes.includes(this.options.mode())) {
      return { why: 'mode', wait: interval, reason: `runs in ${loop.modes.join(' and ')} mode only` };
    }
    const missing = loop.needs?.filter((method) => this.options.unsupported?.().includes(method)) ?? [];
    if (missing.length > 0) {
      return { why: 'tier', wait: interval, reason: `the platform backend cannot ${missing.join(', ')}` };
    }
    const unset = loop.notConfigured?.(deps);
    if (unset) return { why: 'not_configured', wait: interval, reason: unset };
    const hours = loop.activeHours ? this.options.activeHours?.() : undefined;
    // Before the active hours: a loop paused for the month says so, at night too.
    const budget = await this.budgetGate(loop, hours);
    if (budget) return budget;
    const sleep = hours ? msUntilActive(this.clock.now(), hours) : 0;
    if (sleep > 0) return { why: 'active_hours', wait: sleep, reason: 'outside the active hours' };
    const breaker = loop.writes ? this.options.breaker?.() : undefined;
    if (breaker?.state === 'open') {
      const wait = Math.max(1000, (breaker.retryAt?.getTime() ?? 0) - this.clock.now().getTime());
      return {
        why: 'breaker',
        wait,
        reason: 'circuit breaker open after repeated 429/403 answers to writes',
      };
    }
    return undefined;
  }

  /** The budget's pause, or (slowed) the loop's interval multiplier and status words. */
  private async budgetGate(
    loop: LoopDefinition<Deps>,
    hours: ActiveHours | undefined,
  ): Promise<{ why: LoopPause; wait: number; reason: string; until?: Date } | undefined> {
    const state = this.state(loop);
    const verdict = await this.options.budget?.check(loop.name, {
      intervalMs: this.baseInterval(loop) + this.meanJitter(loop),
      activeShare: hours ? activeShareOf(hours) : 1,
    });
    this.slowdowns.delete(loop.name);
    state.slowed = null;
    if (verdict?.state === 'slowed') {
      this.slowdowns.set(loop.name, verdict.factor);
      state.slowed = verdict.reason;
    }
    if (verdict?.state !== 'paused') return undefined;
    const left = verdict.resumeAt.getTime() - this.clock.now().getTime();
    return {
      why: 'budget',
      wait: Math.max(1000, Math.min(BUDGET_RECHECK_MS, left)),
      reason: verdict.reason,
      until: verdict.resumeAt,
    };
  }

  /** One turn of a loop; answers the delay before the next. */
  private async tick(loop: LoopDefinition<Deps>): Promise<number> {
    const state = this.state(loop);
    const gate = await this.gate(loop);
    if (gate) {
      this.pause(state, gate.why, gate.why === 'mode' ? 0 : gate.wait, gate.reason, gate.until);
      this.suspend(loop);
      return gate.wait;
    }
    this.pause(state, null);
    state.state = 'running';
    state.last_run_at = this.clock.now().toISOString();
    const quiet = this.quietTurn(loop, state);
    if (quiet !== undefined) {
      this.suspend(loop);
      return quiet;
    }
    try {
      const summary = await this.runTurn(loop).finally(() => this.options.budget?.turnDone(loop.name));
      Object.assign(state, {
        state: 'idle',
        last_outcome: 'ok',
        last_summary: typeof summary === 'string' ? summary : null,
        last_error: null,
        last_error_code: null,
        consecutive_errors: 0,
      });
      const wait = this.interval(loop) + this.jitter(loop);
      this.suspend(loop);
      const due = await loop.nextDueMs?.(this.options.deps).catch(() => undefined);
      await this.quiet?.note(loop, this.clock.now(), due);
      return this.nextWait(wait, due);
    } catch (error) {
      this.quiet?.forget(loop.name);
      const message = error instanceof Error ? error.message : String(error);
      const code = isAppError(error) ? error.code : null;
      const again =
        state.last_outcome === 'error' && state.last_error === message && state.last_error_code === code;
      state.last_outcome = 'error';
      state.last_error = message;
      state.last_error_code = code;
      state.consecutive_errors += 1;
      const plan = planAfterFailure(
        error,
        state.consecutive_errors,
        this.clock.now(),
        this.interval(loop),
        this.jitter(loop),
        loop.backoff,
      );
      // Something the user has yet to set up (a login, an LLM key) is no fault: one line when it starts,
      // not a stack trace at every turn.
      if (plan.pause !== 'not_configured')
        this.options.logger.error({ loop: loop.name, err: error }, `loop ${loop.name} failed`);
      else if (!again)
        this.options.logger.warn({ loop: loop.name, code }, `loop ${loop.name} paused: ${message}`);
      this.pause(state, plan.pause, plan.wait, plan.reason);
      this.suspend(loop);
      return plan.wait;
    }
  }

  /** Never sooner than a second: work due "now" that a turn left (held elsewhere) is not a busy loop. */
  private nextWait(wait: number, due: number | undefined): number {
    return due === undefined ? wait : Math.min(wait, Math.max(MIN_DUE_WAIT_MS, due));
  }

  /**
   * A turn the loop said would find nothing, taken as its own empty turn would have gone (status, budget
   * count, next wait); undefined when it must run.
   */
  private quietTurn(loop: LoopDefinition<Deps>, state: LoopStatus): number | undefined {
    const skip = this.quiet?.skippable(loop, this.clock.now().getTime());
    if (!skip) return undefined;
    this.options.budget?.turnDone(loop.name);
    Object.assign(state, {
      state: 'idle',
      last_outcome: 'ok',
      last_summary: null,
      last_error: null,
      last_error_code: null,
      consecutive_errors: 0,
    });
    return this.nextWait(this.interval(loop) + this.jitter(loop), skip.dueInMs);
  }

  private async runTurn(loop: LoopDefinition<Deps>) {
    const scope = this.options.actorScope ?? noActorScope;
    this.suspend(loop);
    try {
      return await scope.run(loopActor(loop.name), () =>
        loop.run(this.options.deps, { signal: this.controller.signal }),
      );
    } finally {
      this.resume(loop);
    }
  }

  /** onTurnTiming: the scheduler's own stretch of a turn ends (the loop's work, or a wait, follows). */
  private suspend(loop: LoopDefinition<Deps>): void {
    const own = this.options.onTurnTiming ? this.own.get(loop.name) : undefined;
    if (own) own.spent += performance.now() - own.since;
  }

  /** onTurnTiming: the scheduler's own code runs again for the turn. */
  private resume(loop: LoopDefinition<Deps>): void {
    const own = this.options.onTurnTiming ? this.own.get(loop.name) : undefined;
    if (own) own.since = performance.now();
  }

  /** The loop's interval, stretched while the budget slows it. */
  private interval(loop: LoopDefinition<Deps>): number {
    return this.baseInterval(loop) * (this.slowdowns.get(loop.name) ?? 1);
  }

  private baseInterval(loop: LoopDefinition<Deps>): number {
    return Math.max(loop.intervalMs(this.options.deps), this.options.minIntervalMs ?? 0);
  }

  private meanJitter(loop: LoopDefinition<Deps>): number {
    if (!loop.jitter || !this.options.jitterMs) return 0;
    const [a, b] = this.options.jitterMs();
    return (a + b) / 2;
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
    this.changed('stopped');
    await this.publishing;
  }

  private changed(event: 'turn' | 'stopped', loop?: LoopDefinition<Deps>): void {
    // A status reader failing must not stop the loops.
    const failed = (error: unknown) =>
      this.options.logger.error({ err: error }, 'loop status could not be published');
    try {
      const published = this.options.onChange?.(event, loop);
      if (published instanceof Promise) this.publishing = published.catch(failed);
    } catch (error) {
      failed(error);
    }
  }
}
