// A simulated month (30 days, no faults) without a budget: the spec's behaviour, no loop slowed or paused
// for money, and what `app simulate` prints per day ("API: N calls, $X") and for the run is the sum of the
// costs recorded in the simulated database's api_usage. The run takes about two minutes of CPU (every loop's
// turns for a month on the real app; see the report in docs/configuration.md).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSimulation, type SimulationResult } from '../../src/app/simulation/run-simulation.js';
import { renderApiTotal, renderDay } from '../../src/app/simulation/sim-report.js';
import { sqliteOf } from '../support/sqlite-of.js';
import { MONTH_START, monthConfig } from './sim-config.js';

const dir = mkdtempSync(join(tmpdir(), 'sim-month-bill-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a simulated month without a budget', () => {
  let result: SimulationResult;
  let recorded = { calls: 0, cost: 0 };

  beforeAll(async () => {
    result = await runSimulation({
      config: monthConfig(),
      workDir: dir,
      days: 30,
      seed: 7,
      faults: false,
      start: MONTH_START,
      afterRun: (sim) => {
        const row = sqliteOf(sim.app.deps.database)
          .sqlite.prepare('select count(*) as calls, coalesce(sum(cost_usd), 0) as cost from api_usage')
          .get() as { calls: number; cost: number };
        recorded = row;
      },
    });
  }, 600_000);

  it('prints the same spend as the sum of the recorded costs, per day and for the run', () => {
    const total = renderApiTotal(30, result.api);
    const dollars = Math.round(recorded.cost * 1e4) / 1e4;
    expect(total).toContain(`${recorded.calls.toLocaleString('en-US')} calls, $${dollars.toFixed(4)}`);
    expect(result.api.cost_usd).toBeCloseTo(recorded.cost, 6);
    expect(result.api.calls).toBe(recorded.calls);
    // The days tile the run: their figures add up to the run's.
    const days = result.days.reduce((sum, day) => sum + day.api.cost_usd, 0);
    expect(days).toBeCloseTo(result.api.cost_usd, 6);
    expect(result.days.reduce((sum, day) => sum + day.api.calls, 0)).toBe(result.api.calls);
    const first = result.days[0];
    expect(first && renderDay(first, result.settings)).toContain(
      `  API: ${first?.api.calls.toLocaleString('en-US')} calls, $${first?.api.cost_usd.toFixed(4)}`,
    );
    // A month of the default settings costs far more than the budget the other month runs under.
    expect(result.api.cost_usd).toBeGreaterThan(15);
  });

  it('slows and pauses nothing for money', () => {
    for (const loop of result.loops) {
      expect(loop.paused).not.toBe('budget');
      expect(loop.slowed).toBeNull();
    }
  });
});
