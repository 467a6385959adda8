// The budget's plan for the reading loops: the forecast from history (or the page size before any), the
// declared order of slowing (discovery, then targets, then mentions), the pause of all of them until the 1st
// of next month when the budget is spent, and no budget = every loop normal.
import { describe, expect, it } from 'vitest';
import { APRIL_2026_PRICES } from '../../contracts/config/api-prices.js';
import {
  activeShareOf,
  BUDGET_SLOWING_ORDER,
  type BudgetInput,
  estimatePerTurn,
  planBudget,
  type ReadingLoopUse,
} from './api-budget.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// 1 March 2026, noon UTC: 30.5 days left in the month.
const now = new Date('2026-03-01T12:00:00Z');
const MS_LEFT = Date.parse('2026-04-01T00:00:00Z') - now.getTime();

const use = (name: ReadingLoopUse['name'], extra: Partial<ReadingLoopUse> = {}): ReadingLoopUse => ({
  name,
  spentUsd: 0,
  turns: 0,
  estimatePerTurnUsd: 0.1,
  intervalMs: HOUR,
  activeShare: 1,
  ...extra,
});

const input = (extra: Partial<BudgetInput> = {}): BudgetInput => ({
  budgetUsd: undefined,
  now,
  monthToDateUsd: 0,
  otherSpentUsd: 0,
  otherWindowMs: DAY,
  loops: [use('mentions'), use('discovery'), use('targets')],
  ...extra,
});

const states = (plan: ReturnType<typeof planBudget>) =>
  Object.fromEntries(
    plan.loops.map((loop) => [
      loop.name,
      loop.budget.state === 'slowed' ? `slowed ×${loop.budget.factor}` : loop.budget.state,
    ]),
  );

describe('planBudget', () => {
  it('forecasts each loop from its own spend per turn × its turns left, else from its page size', () => {
    const plan = planBudget(
      input({
        loops: [
          use('discovery', { spentUsd: 1, turns: 10, intervalMs: HOUR, activeShare: 0.5 }),
          use('mentions', { estimatePerTurnUsd: 0.05, intervalMs: 2 * HOUR }),
        ],
      }),
    );
    const turnsLeft = MS_LEFT / HOUR;
    expect(plan.loops.map((loop) => [loop.name, loop.perTurnUsd, loop.forecastUsd])).toEqual([
      ['discovery', 0.1, Math.round(0.1 * turnsLeft * 0.5 * 1e6) / 1e6],
      ['mentions', 0.05, Math.round(0.05 * (turnsLeft / 2) * 1e6) / 1e6],
    ]);
    // The page-size estimate: a discovery search page is 25 posts at the post read price, targets a page of
    // 20 per monitored account, mentions 50 owned reads.
    expect(estimatePerTurn('discovery', APRIL_2026_PRICES, 2)).toBe(0.125);
    expect(estimatePerTurn('targets', APRIL_2026_PRICES, 2)).toBe(0.2);
    expect(estimatePerTurn('mentions', APRIL_2026_PRICES, 2)).toBe(0.05);
    expect(
      activeShareOf({ start: 8, end: 22, days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] }),
    ).toBe(14 / 24);
    expect(activeShareOf({ start: 22, end: 6, days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'] })).toBe(
      (8 / 24) * (5 / 7),
    );
  });

  it('without a budget every loop runs normally, whatever the spend', () => {
    const plan = planBudget(input({ monthToDateUsd: 1_000_000, otherSpentUsd: 1_000 }));
    expect(states(plan)).toEqual({ discovery: 'normal', targets: 'normal', mentions: 'normal' });
    expect(plan.remainingUsd).toBeUndefined();
  });

  it('with a budget the forecast fits, every loop runs normally', () => {
    // Each loop: 0.1 per hour for 30.5 days = 73.2; three = 219.6.
    const plan = planBudget(input({ budgetUsd: 300, monthToDateUsd: 10 }));
    expect(states(plan)).toEqual({ discovery: 'normal', targets: 'normal', mentions: 'normal' });
    expect(plan.forecastUsd).toBeCloseTo(10 + 219.6, 6);
    expect(plan.remainingUsd).toBe(290);
  });

  it('slows the loops in the declared order: discovery, then targets, then mentions', () => {
    expect(BUDGET_SLOWING_ORDER).toEqual(['discovery', 'targets', 'mentions']);
    const at = (budgetUsd: number) => states(planBudget(input({ budgetUsd })));
    // 219.6 at full pace; each loop 73.2 (×2: 36.6, ×4: 18.3, ×8: 9.15).
    expect(at(200)).toEqual({ discovery: 'slowed ×2', targets: 'normal', mentions: 'normal' });
    expect(at(170)).toEqual({ discovery: 'slowed ×4', targets: 'normal', mentions: 'normal' });
    expect(at(160)).toEqual({ discovery: 'slowed ×8', targets: 'normal', mentions: 'normal' });
    expect(at(120)).toEqual({ discovery: 'slowed ×8', targets: 'slowed ×2', mentions: 'normal' });
    expect(at(95)).toEqual({ discovery: 'slowed ×8', targets: 'slowed ×8', mentions: 'normal' });
    expect(at(60)).toEqual({ discovery: 'slowed ×8', targets: 'slowed ×8', mentions: 'slowed ×2' });
    // Slowed as far as the ladder goes while the budget can still pay a turn of each.
    expect(at(1)).toEqual({ discovery: 'slowed ×8', targets: 'slowed ×8', mentions: 'slowed ×8' });
    // The forecast at the chosen pace fits the budget.
    expect(planBudget(input({ budgetUsd: 120 })).forecastUsd).toBeLessThanOrEqual(120);
  });

  it('pauses every reading loop until the 1st of next month (UTC) once the budget is spent', () => {
    const resumeAt = new Date('2026-04-01T00:00:00Z');
    const over = planBudget(input({ budgetUsd: 20, monthToDateUsd: 20.5 }));
    expect(states(over)).toEqual({ discovery: 'paused', targets: 'paused', mentions: 'paused' });
    for (const loop of over.loops) expect(loop.budget).toEqual({ state: 'paused', resumeAt });
    expect(over).toMatchObject({ spent: true, remainingUsd: -0.5, resumeAt });
    // Spent: what is left (0.25) cannot pay one more turn of each (3 × 0.1).
    expect(planBudget(input({ budgetUsd: 20, monthToDateUsd: 19.75 })).spent).toBe(true);
    expect(planBudget(input({ budgetUsd: 20, monthToDateUsd: 19.65 })).spent).toBe(false);
    // Found spent earlier this month: stays paused though the others' forecast shrank.
    expect(planBudget(input({ budgetUsd: 20, monthToDateUsd: 10, spentEarlier: true })).spent).toBe(true);
  });

  it("sets the others' forecast (the user's posts, other loops) aside: the reading loops get what is left", () => {
    // The others spent 1 a day for a week: 30.5 more by the month's end; 40.7 − 10 − 30.5 leaves 0.2, less than one
    // 0.1 turn of each of the three: spent.
    const plan = planBudget(
      input({ budgetUsd: 40.7, monthToDateUsd: 10, otherSpentUsd: 7, otherWindowMs: 7 * DAY }),
    );
    expect(plan.otherForecastUsd).toBeCloseTo(30.5, 6);
    expect(states(plan)).toEqual({ discovery: 'paused', targets: 'paused', mentions: 'paused' });
    // Without the others' spend the same budget only slows them.
    const alone = planBudget(input({ budgetUsd: 40.7, monthToDateUsd: 10 }));
    expect(alone.spent).toBe(false);
  });

  it('reads a short history of the others at a week-long rate, so an early post is not a month of posts', () => {
    const plan = planBudget(
      input({ budgetUsd: 400, otherSpentUsd: 0.2, otherWindowMs: HOUR, loops: [use('discovery')] }),
    );
    expect(plan.otherForecastUsd).toBeCloseTo((0.2 * MS_LEFT) / (7 * DAY), 6);
  });
});
