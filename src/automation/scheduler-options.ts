// What a Scheduler is given: the loops and their deps, the live settings it reads before each turn, and
// how turns are timed (in-process timers, or a durable job engine's dispatch when several processes share
// the work).
import type { Mode } from '../contracts/config/config.js';
import type { ActiveHours } from '../core/domain/active-hours.js';
import type { ActorScope } from '../core/ports/actor-scope.js';
import type { Clock } from '../core/ports/clock.js';
import type { TurnDispatch } from '../core/ports/turn-dispatch.js';
import type { LoopBudgetVerdict, LoopPace } from '../core/services/budget/loop-budget.js';
import type { LoopDefinition } from './loop-definition.js';
import type { SetTimer } from './wall-clock-timer.js';

export interface SchedulerLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** The monthly API budget's word on the reading loops (`LoopBudget`). */
export interface LoopBudgetGate {
  /** Before a loop's turn: undefined to run normally, else slowed (interval × factor) or paused. */
  check(loop: string, pace: LoopPace): Promise<LoopBudgetVerdict | undefined>;
  /** After a loop's turn (ok or failed), so its spend per turn can be learned. */
  turnDone(loop: string): void;
}

export interface SchedulerOptions<Deps> {
  deps: Deps;
  loops: ReadonlyArray<LoopDefinition<Deps>>;
  mode: () => Mode;
  logger: SchedulerLogger;
  /** Default: the wall-clock timer (a sleep/resume or a clock change costs at most a minute). */
  setTimer?: SetTimer;
  clock?: Clock;
  /** Uniform in [0, 1); seeded in simulations. */
  random?: () => number;
  /** [min, max] milliseconds of jitter (`[limits]` min/max action delay). */
  jitterMs?: () => readonly [number, number];
  /** The account's active hours, when the loops keep them. */
  activeHours?: () => ActiveHours | undefined;
  /** Platform methods the backend or access tier cannot serve (loops that need one pause as `tier`). */
  unsupported?: () => readonly string[];
  /** The write circuit breaker: while open, loops that write pause until `retryAt`. */
  breaker?: () => { state: 'closed' | 'open' | 'half_open'; retryAt?: Date };
  /** Loops that poll more often than this run this often instead (simulations: a week in seconds). */
  minIntervalMs?: number;
  /**
   * Simulations only: a loop that says its turns would find nothing (`quiet`) is not run until that changes;
   * each such turn is taken as the empty turn it would have been (same status, same next timer), so the run
   * is the same, without its reads. Never where another process may give the loop work.
   */
  skipQuietTurns?: boolean;
  /** After each turn (its status settled and its next run set), and once more when stop() is done. */
  onChange?: (event: 'turn' | 'stopped', loop?: LoopDefinition<Deps>) => void | Promise<void>;
  /** Each turn runs as `loop:<name>`, so what it spends (platform calls) is attributed to the loop. */
  actorScope?: ActorScope;
  /** `[limits] monthly_api_budget_usd`: slows and pauses the reading loops. */
  budget?: LoopBudgetGate;
  /**
   * What each turn cost the scheduler itself (benches), in milliseconds: its own code around the loop's
   * work — the gates, the status, the next timer — and not the loop's run or its `nextDueMs`, nor what other
   * loops did while this one waited.
   */
  onTurnTiming?: (loop: string, timing: { schedulerMs: number }) => void;
  /**
   * Turns timed by a durable job engine instead of this process's timers: each next turn is planned there,
   * any process of the deployment may take it (`Scheduler.turn`), and a planned turn outlives the process.
   */
  dispatch?: TurnDispatch;
}
