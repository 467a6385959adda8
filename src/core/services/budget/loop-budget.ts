// The budget's ledger for the reading loops (`[limits] monthly_api_budget_usd`): it reads the month's spend
// from api_usage incrementally (only the rows recorded since its last look), counts each reading loop's
// turns, and answers the scheduler, before a reading loop's turn, whether the loop runs normally, slowed or
// paused until next month (src/core/domain/api-budget.ts decides). A loop's spend per turn is learned from
// the turns this process saw (after a restart it starts again from the page-size estimate); the rest of the
// spend (other loops, faces, the user's posts) is forecast at its own rate since the ledger started. No
// budget: no query, every loop runs as the spec says.
import type { ApiPrices } from '../../../contracts/config/api-prices.js';
import {
  BUDGET_SLOWING_ORDER,
  type BudgetedLoop,
  type BudgetPlan,
  describeBudgetState,
  estimatePerTurn,
  type LoopBudgetState,
  planBudget,
} from '../../domain/api-budget.js';
import { utcMonth } from '../../domain/platform-bill.js';
import type { ApiSpendLedger } from '../../ports/api-usage.js';
import type { Clock } from '../../ports/clock.js';

export interface LoopBudgetDeps {
  ledger: ApiSpendLedger;
  clock: Clock;
  /** The live `[limits] monthly_api_budget_usd`. */
  budgetUsd: () => number | undefined;
  prices: () => Readonly<ApiPrices>;
  /** Monitored accounts (a targets turn reads a page per account). */
  targets: () => number;
}

/** How a loop runs: its normal interval with the mean jitter, and the share of the time it is active. */
export interface LoopPace {
  intervalMs: number;
  activeShare: number;
}

export type LoopBudgetVerdict =
  | { state: 'slowed'; factor: number; reason: string }
  | { state: 'paused'; resumeAt: Date; reason: string };

const isBudgeted = (name: string): name is BudgetedLoop =>
  (BUDGET_SLOWING_ORDER as readonly string[]).includes(name);

export class LoopBudget {
  private month = '';
  private windowStart = new Date(0);
  private lastId = 0;
  private monthToDate = 0;
  private otherSpent = 0;
  /** The budget found spent this month: the loops stay paused until the month ends or the budget changes. */
  private spentAt: number | undefined;
  private readonly loops = new Map<BudgetedLoop, { spent: number; turns: number; pace?: LoopPace }>();
  /** The ledger read under way, if any: the next waits for it. */
  private reading: Promise<void> = Promise.resolve();

  constructor(private readonly deps: LoopBudgetDeps) {}

  /** The budget's word on a reading loop about to run; undefined: run normally (or not a reading loop). */
  async check(name: string, pace: LoopPace): Promise<LoopBudgetVerdict | undefined> {
    const budget = this.deps.budgetUsd();
    if (budget === undefined || !isBudgeted(name)) return undefined;
    this.entry(name).pace = pace;
    const plan = await this.plan();
    const state: LoopBudgetState | undefined = plan?.loops.find((loop) => loop.name === name)?.budget;
    if (!state || state.state === 'normal') return undefined;
    const reason = describeBudgetState(state, budget) ?? '';
    return state.state === 'slowed'
      ? { state: 'slowed', factor: state.factor, reason }
      : { state: 'paused', resumeAt: state.resumeAt, reason };
  }

  /** A reading loop finished a turn: its spend per turn is its spend over the turns counted. */
  turnDone(name: string): void {
    if (this.month === '' || !isBudgeted(name)) return;
    this.entry(name).turns += 1;
  }

  /** The plan now, or undefined without a budget. */
  async plan(): Promise<BudgetPlan | undefined> {
    const budget = this.deps.budgetUsd();
    if (budget === undefined) return undefined;
    await this.refresh();
    const now = this.deps.clock.now();
    const prices = this.deps.prices();
    const targets = this.deps.targets();
    const plan = planBudget({
      spentEarlier: this.spentAt === budget,
      budgetUsd: budget,
      now,
      monthToDateUsd: this.monthToDate,
      otherSpentUsd: this.otherSpent,
      otherWindowMs: now.getTime() - this.windowStart.getTime(),
      loops: [...this.loops].flatMap(([name, use]) =>
        use.pace
          ? [
              {
                name,
                spentUsd: use.spent,
                turns: use.turns,
                estimatePerTurnUsd: estimatePerTurn(name, prices, targets),
                intervalMs: use.pace.intervalMs,
                activeShare: use.pace.activeShare,
              },
            ]
          : [],
      ),
    });
    this.spentAt = plan.spent ? budget : undefined;
    return plan;
  }

  private entry(name: BudgetedLoop) {
    let use = this.loops.get(name);
    if (!use) {
      use = { spent: 0, turns: 0 };
      this.loops.set(name, use);
    }
    return use;
  }

  /**
   * Reads the rows recorded since the last look, one read at a time (two loops asking at once must not
   * both count the rows after the same id).
   */
  private refresh(): Promise<void> {
    const read = this.reading.then(() => this.read());
    this.reading = read.catch(() => undefined);
    return read;
  }

  /** Reads the rows recorded since the last look; a new UTC month starts every count again. */
  private async read(): Promise<void> {
    const now = this.deps.clock.now();
    const { start } = utcMonth(now);
    const month = start.toISOString().slice(0, 7);
    const first = this.month === '';
    if (month !== this.month) {
      this.month = month;
      // The first look reads the month so far (its total only); the per-loop history starts now.
      this.windowStart = first ? now : start;
      this.monthToDate = 0;
      this.otherSpent = 0;
      this.spentAt = undefined;
      for (const use of this.loops.values()) Object.assign(use, { spent: 0, turns: 0 });
    }
    const read = await this.deps.ledger.spendAfter(this.lastId, start);
    this.lastId = read.lastId;
    for (const row of read.byActor) {
      this.monthToDate += row.costUsd;
      if (first) continue;
      const loop = row.actor?.startsWith('loop:') ? row.actor.slice(5) : undefined;
      if (loop && isBudgeted(loop)) this.entry(loop).spent += row.costUsd;
      else this.otherSpent += row.costUsd;
    }
  }
}
