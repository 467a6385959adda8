// The loops of a long-running process on one scheduler: those every process keeps in both modes (posting
// queue, approval housekeeping, token refresh, notes), and — in the process that owns the service (`app
// serve`, not the tool server) — the autonomous loops and analytics. Jitter, active hours and the mode come from the live
// config at each turn; an immediate post wakes the posting queue; the status is readable through the deps.
import type { LoopDeps } from '../../automation/loop-deps.js';
import { ALWAYS_ON_LOOPS, SERVICE_LOOPS } from '../../automation/loops/index.js';
import { Scheduler, type SetTimer, type TurnDispatch } from '../../automation/scheduler.js';
import type { LoopStatus } from '../../contracts/runtime-status.js';
import { LoopBudget } from '../../core/services/budget/loop-budget.js';
import { visibleLoops } from '../../core/services/status/visible-loops.js';
import type { Logger } from '../../infra/logging/create-logger.js';
import type { AppDeps } from './app-deps.js';

export interface LoopSchedulerOptions {
  /** Runs the service's loops too (autonomous ones, analytics): one process per data dir should. */
  autopilot: boolean;
  /** Simulated timers (the clock is the deps' clock). */
  setTimer?: SetTimer;
  /** Polling loops run at most this often (a simulated week need not poll every 5 seconds). */
  minIntervalMs?: number;
  /** Simulations: quiet loops' empty turns are taken without running them (SchedulerOptions.skipQuietTurns). */
  skipQuietTurns?: boolean;
  /** Posts the loops' status on the loop board for other processes (default: when `autopilot`). */
  publishStatus?: boolean;
  /** What each turn cost the scheduler itself (benches; see SchedulerOptions.onTurnTiming). */
  onTurnTiming?: (loop: string, timing: { schedulerMs: number }) => void;
  /**
   * Postgres: the turns are planned on the job engine (src/infra/jobs), and any process running it may be
   * given a turn of any loop, so the scheduler knows every loop; `autopilot` says which this one starts.
   */
  dispatch?: TurnDispatch;
}

/** A frequent loop's turns reach the board at most this often (news and the stop go out at once). */
const PUBLISH_EVERY_MS = 15_000;

export function createLoopScheduler(
  deps: AppDeps,
  logger: Logger,
  options: LoopSchedulerOptions,
): {
  loops: Scheduler<LoopDeps>;
  /** The loops this process starts (undefined: all it has). */
  startNames: readonly string[] | undefined;
  loopStatus: () => Promise<LoopStatus[]>;
} {
  const scheduler = new Scheduler({
    deps: deps.forLoops,
    loops: options.autopilot || options.dispatch ? [...ALWAYS_ON_LOOPS, ...SERVICE_LOOPS] : ALWAYS_ON_LOOPS,
    ...(options.dispatch ? { dispatch: options.dispatch } : {}),
    mode: () => deps.config.mode,
    logger,
    clock: deps.clock,
    random: deps.random,
    actorScope: deps.actors,
    budget: new LoopBudget({
      ledger: deps.apiUsage,
      clock: deps.clock,
      budgetUsd: () => deps.config.limits.monthly_api_budget_usd,
      prices: () => deps.config.api_prices,
      targets: () => deps.config.targets.accounts.length,
    }),
    ...(options.setTimer ? { setTimer: options.setTimer } : {}),
    ...(options.minIntervalMs ? { minIntervalMs: options.minIntervalMs } : {}),
    ...(options.onTurnTiming ? { onTurnTiming: options.onTurnTiming } : {}),
    ...(options.skipQuietTurns ? { skipQuietTurns: true } : {}),
    // A frequent loop (the posting queue, every few seconds) publishes at most every 15 s; a turn of a
    // slower one (discovery, mentions…) is news and goes out at once.
    onChange: (event, loop) =>
      publish(
        event === 'stopped',
        event === 'stopped' || (loop ? loop.intervalMs(deps.forLoops) >= 60_000 : false),
      ),
    jitterMs: () => {
      const { min_action_delay_seconds: min, max_action_delay_seconds: max } = deps.config.limits;
      return [min * 1000, max * 1000] as const;
    },
    unsupported: () => deps.social.capabilities.unsupported_methods,
    breaker: () => deps.social.breaker.snapshot(),
    activeHours: () => {
      const { schedule } = deps.config;
      return {
        timezone: schedule.timezone,
        start: schedule.active_hours_start,
        end: schedule.active_hours_end,
        days: schedule.active_days,
      };
    },
  });
  const publishing = options.publishStatus ?? options.autopilot;
  let lastPublished = Number.NEGATIVE_INFINITY;
  // One write at a time, in order, so a turn's status never lands after the stop's.
  let board: Promise<void> = Promise.resolve();
  function publish(stopped: boolean, news: boolean): Promise<void> | undefined {
    if (!publishing) return;
    const now = deps.clock.now();
    if (!news && now.getTime() - lastPublished < PUBLISH_EVERY_MS) return;
    lastPublished = now.getTime();
    const snapshot = { pid: process.pid, publishedAt: now, stopped, loops: scheduler.status() };
    // The scheduler logs a write that failed; the next one still goes out.
    board = board.catch(() => {}).then(() => deps.loopBoard.publish(snapshot));
    return board;
  }
  deps.postingWake.listen(() => scheduler.wake('posting-queue'));
  return {
    loops: scheduler,
    startNames: options.autopilot ? undefined : ALWAYS_ON_LOOPS.map((loop) => loop.name),
    // The service's loops as this process sees them: its own, or (a process that does not run the
    // service's loops) the ones `app serve` posts on the loop board.
    loopStatus: async () =>
      options.autopilot
        ? scheduler.status()
        : (visibleLoops(scheduler.status(), await deps.loopBoard.read(), deps.clock.now(), process.pid) ??
          []),
  };
}
