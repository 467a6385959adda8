// A simulated month (30 days, no faults) under `[limits] monthly_api_budget_usd` well below what the same
// month spends without one (about $26 with these settings and seed, see simulated-month-bill.test.ts): the
// platform bill never goes over the budget on any day, the reading loops are slowed on the way (discovery
// first), and the month ends with discovery, targets and mentions paused as `budget` until the 1st of next
// month. The run takes about two minutes of CPU (a month of every loop's turns on the real app).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSimulation, type SimulationResult } from '../../src/app/simulation/run-simulation.js';
import type { LoopStatus } from '../../src/contracts/runtime-status.js';
import { sqliteOf } from '../support/sqlite-of.js';
import { MONTH_START, monthConfig } from './sim-config.js';

const BUDGET = 6;
const READING = ['discovery', 'targets', 'mentions'];
const dir = mkdtempSync(join(tmpdir(), 'sim-month-budget-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a simulated month under a monthly API budget', () => {
  let result: SimulationResult;
  /** Month-to-date spend and the reading loops' budget state at the end of each day. */
  const timeline: Array<{ day: number; spent: number; loops: Record<string, string> }> = [];
  let recorded = 0;

  beforeAll(async () => {
    result = await runSimulation({
      config: monthConfig(BUDGET),
      workDir: dir,
      days: 30,
      seed: 7,
      faults: false,
      start: MONTH_START,
      onDay: () => {
        const sim = running;
        if (!sim) return;
        const db = sqliteOf(sim.app.deps.database).sqlite;
        const spent = (
          db.prepare('select coalesce(sum(cost_usd), 0) as c from api_usage').get() as { c: number }
        ).c;
        const loops = Object.fromEntries(
          sim.app.loops
            .status()
            .filter((loop) => READING.includes(loop.name))
            .map((loop) => [
              loop.name,
              loop.paused === 'budget' ? 'paused' : loop.slowed ? loop.slowed.split(':')[0] : 'normal',
            ]),
        );
        timeline.push({ day: timeline.length + 1, spent, loops: loops as Record<string, string> });
      },
      beforeDay: (_day, sim) => {
        running = sim;
      },
      afterRun: (sim) => {
        const db = sqliteOf(sim.app.deps.database).sqlite;
        recorded = (
          db.prepare('select coalesce(sum(cost_usd), 0) as c from api_usage').get() as { c: number }
        ).c;
      },
    });
  }, 600_000);
  let running: Parameters<NonNullable<Parameters<typeof runSimulation>[0]['beforeDay']>>[1] | undefined;

  it('never spends more than the budget, on any day', () => {
    expect(result.api.cost_usd).toBeCloseTo(recorded, 6);
    expect(result.api.cost_usd).toBeLessThanOrEqual(BUDGET);
    for (const day of timeline) expect(day.spent).toBeLessThanOrEqual(BUDGET);
    // It did spend: the loops read until the budget was used up.
    expect(result.api.cost_usd).toBeGreaterThan(BUDGET * 0.6);
  });

  it('slows discovery first, then pauses the reading loops for the budget until the 1st of next month', () => {
    const firstSlowed = timeline.find((day) => day.loops.discovery?.startsWith('slowed'));
    expect(firstSlowed).toBeDefined();
    const byName = new Map(result.loops.map((loop) => [loop.name, loop] as [string, LoopStatus]));
    for (const name of READING) {
      const loop = byName.get(name);
      expect(loop?.paused, name).toBe('budget');
      expect(loop?.state).toBe('paused');
      expect(loop?.paused_until).toBe('2026-04-01T00:00:00.000Z');
      expect(loop?.paused_reason).toBe('the monthly API budget of $6.00 is spent: resumes 2026-04-01');
    }
  });
});
