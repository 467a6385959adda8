// The monthly platform budget (`[limits] monthly_api_budget_usd`) as a plan for the reading loops. From the
// month's spend so far, a forecast of what every reading loop would still spend this month at its normal
// pace, and a forecast of everything else (the other loops, the faces, the user's own writes), it picks the
// gentlest step of a declared ladder that keeps the month's forecast within the budget: the loops of
// `BUDGET_SLOWING_ORDER` are slowed one after the other (interval ×2, ×4, then ×8), discovery first, then
// targets, then mentions. A slowed loop still runs, so its forecast keeps learning from what its turns cost.
// The budget is spent for the reading loops when what remains of it, once the others' forecast is set aside,
// cannot pay one more turn of each: then all of them pause until the 1st of next month (UTC), and stay paused
// for the month (the caller remembers; a changed budget looks again). Nothing here blocks a write: the
// user's own and approved posts always go; their forecast only narrows what the reading loops may spend.
// Without a budget every loop runs normally (the spec's behaviour). Pure.
import type { ApiPrices, ReadPriceKind } from '../../contracts/config/api-prices.js';
import { utcMonth } from './platform-bill.js';
import { roundUsd } from './platform-prices.js';

/** The reading loops the budget slows, in the order it slows them: the first is slowed (then paused) first. */
export const BUDGET_SLOWING_ORDER = ['discovery', 'targets', 'mentions'] as const;
export type BudgetedLoop = (typeof BUDGET_SLOWING_ORDER)[number];

/** A slowed loop's interval multipliers, in order. */
export const BUDGET_SLOWDOWNS = [2, 4, 8] as const;

/**
 * Other spend is forecast from its own rate over at least a week, so one early post with a link ($0.20)
 * does not look like a month of them and spend the reading loops' share on day 1. (A loop's first turns are
 * forecast from its page size, then from its own history.)
 */
export const MIN_RATE_WINDOW_MS = 7 * 24 * 3_600_000;

/**
 * What one turn of each reading loop reads at most, for its forecast before it has a history: discovery one
 * search page (run-discovery asks 5 opportunities, find-reply-opportunities searches 5× that), targets one
 * page of each monitored account's posts (run-targets' PAGE_POSTS), mentions one page of mentions (owned).
 */
export const READING_LOOP_PAGES: Record<
  BudgetedLoop,
  { pageSize: number; kind: ReadPriceKind; perTarget?: boolean }
> = {
  discovery: { pageSize: 25, kind: 'post_read' },
  targets: { pageSize: 20, kind: 'post_read', perTarget: true },
  mentions: { pageSize: 50, kind: 'owned_read' },
};

/** A turn's cost before the loop has run: its page size × the read's price (× the targets, for targets). */
export function estimatePerTurn(name: BudgetedLoop, prices: Readonly<ApiPrices>, targets: number): number {
  const page = READING_LOOP_PAGES[name];
  return roundUsd(page.pageSize * prices[page.kind] * (page.perTarget ? targets : 1));
}

export type LoopBudgetState =
  | { state: 'normal' }
  | { state: 'slowed'; factor: number }
  | { state: 'paused'; resumeAt: Date };

export interface ReadingLoopUse {
  name: BudgetedLoop;
  /** Spend recorded for the loop (`loop:<name>`) over the turns counted in `turns`. */
  spentUsd: number;
  turns: number;
  /** What a turn costs when there is no history yet: page size × the read's price (an upper bound). */
  estimatePerTurnUsd: number;
  /** Its normal interval plus its mean jitter. */
  intervalMs: number;
  /** The share of the remaining time it runs (its active hours), 0–1. */
  activeShare: number;
}

export interface BudgetInput {
  /** Undefined: no budget, every loop runs normally. */
  budgetUsd: number | undefined;
  now: Date;
  /** Everything the account spent this UTC month. */
  monthToDateUsd: number;
  /** What the rest (other loops, faces) spent over `otherWindowMs`: forecast at that rate. */
  otherSpentUsd: number;
  otherWindowMs: number;
  loops: readonly ReadingLoopUse[];
  /** The budget was found spent earlier this month (same budget): the loops stay paused. */
  spentEarlier?: boolean;
}

export interface LoopForecast {
  name: BudgetedLoop;
  perTurnUsd: number;
  /** What it would still spend this month at its normal pace. */
  forecastUsd: number;
  budget: LoopBudgetState;
}

export interface BudgetPlan {
  budgetUsd: number | undefined;
  monthToDateUsd: number;
  /** Budget minus month to date (may be negative); undefined without a budget. */
  remainingUsd: number | undefined;
  /** What the others (not the reading loops) would still spend this month. */
  otherForecastUsd: number;
  /** Month to date + the others' forecast + the reading loops' forecast at the pace the plan sets. */
  forecastUsd: number;
  /** The first instant of next month (UTC): when a paused loop resumes. */
  resumeAt: Date;
  /** The reading loops' share of the budget is spent: every one is paused until `resumeAt`. */
  spent: boolean;
  loops: LoopForecast[];
}

/** What one turn of the loop costs: its own average once it has run, else the page-size estimate. */
export function perTurnCost(use: ReadingLoopUse): number {
  return use.turns > 0 ? use.spentUsd / use.turns : use.estimatePerTurnUsd;
}

/** The turns the loop would still take this month at its normal pace. */
export function turnsLeft(use: ReadingLoopUse, msLeft: number): number {
  return use.intervalMs > 0 ? (msLeft * Math.max(0, Math.min(1, use.activeShare))) / use.intervalMs : 0;
}

/** How far down the ladder the loop at `index` is at `level`: 0 normal, then its slowdowns in turn. */
function stepAt(level: number, index: number): number {
  const steps = BUDGET_SLOWDOWNS.length;
  return Math.max(0, Math.min(steps, level - index * steps));
}

function stateOf(step: number): LoopBudgetState {
  const factor = step === 0 ? undefined : BUDGET_SLOWDOWNS[step - 1];
  return factor === undefined ? { state: 'normal' } : { state: 'slowed', factor };
}

const shareOf = (state: LoopBudgetState) =>
  state.state === 'normal' ? 1 : state.state === 'slowed' ? 1 / state.factor : 0;

export function planBudget(input: BudgetInput): BudgetPlan {
  const { end } = utcMonth(input.now);
  const msLeft = Math.max(0, end.getTime() - input.now.getTime());
  const otherForecast = (input.otherSpentUsd / Math.max(MIN_RATE_WINDOW_MS, input.otherWindowMs)) * msLeft;
  const ordered = BUDGET_SLOWING_ORDER.flatMap((name) => input.loops.filter((use) => use.name === name));
  const full = ordered.map((use) => {
    const perTurn = perTurnCost(use);
    return { use, perTurn, forecast: perTurn * turnsLeft(use, msLeft) };
  });
  const budget = input.budgetUsd;
  const spentBefore = input.monthToDateUsd + otherForecast;
  const atLevel = (level: number) =>
    full.map((loop, index) => ({ ...loop, budget: stateOf(stepAt(level, index)) }));
  const total = (loops: ReturnType<typeof atLevel>) =>
    spentBefore + loops.reduce((sum, loop) => sum + loop.forecast * shareOf(loop.budget), 0);
  let chosen: Array<ReturnType<typeof atLevel>[number]> = atLevel(0);
  let spent = false;
  if (budget !== undefined) {
    const last = full.length * BUDGET_SLOWDOWNS.length;
    let level = 0;
    while (level < last && total(atLevel(level)) > budget) level++;
    // What the reading loops may still spend once the others' forecast is set aside: when it cannot pay
    // one more turn of each, the budget is spent and they all pause until next month.
    const allowance = budget - spentBefore;
    spent = input.spentEarlier === true || allowance < full.reduce((sum, loop) => sum + loop.perTurn, 0);
    chosen = spent
      ? full.map((loop) => ({ ...loop, budget: { state: 'paused', resumeAt: end } as const }))
      : atLevel(level);
  }
  return {
    budgetUsd: budget,
    monthToDateUsd: roundUsd(input.monthToDateUsd),
    remainingUsd: budget === undefined ? undefined : roundUsd(budget - input.monthToDateUsd),
    otherForecastUsd: roundUsd(otherForecast),
    forecastUsd: roundUsd(total(chosen)),
    resumeAt: end,
    spent,
    loops: chosen.map((loop) => ({
      name: loop.use.name,
      perTurnUsd: roundUsd(loop.perTurn),
      forecastUsd: roundUsd(loop.forecast),
      budget: loop.budget,
    })),
  };
}

/** The status words of a loop the budget holds back ("slowed ×2 …", "… resumes 2026-02-01"). */
export function describeBudgetState(state: LoopBudgetState, budgetUsd: number): string | undefined {
  const budget = `$${budgetUsd.toFixed(2)}`;
  if (state.state === 'slowed')
    return `slowed ×${state.factor}: the month's forecast would exceed the API budget of ${budget}`;
  if (state.state === 'paused')
    return `the monthly API budget of ${budget} is spent: resumes ${state.resumeAt.toISOString().slice(0, 10)}`;
  return undefined;
}

/** The share of the week inside the active hours (a loop that keeps them runs only then), 0–1. */
export function activeShareOf(hours: { start: number; end: number; days: readonly string[] }): number {
  const perDay = hours.start === hours.end ? 24 : (hours.end - hours.start + 24) % 24;
  return (perDay / 24) * (Math.min(7, new Set(hours.days).size) / 7);
}
