// The simulation takes the polling loops' empty turns (posting queue, approval poster, token refresh)
// without running them. Shown here to change nothing: simulated days with faults, once with every poll run
// and once with the quiet ones skipped, give the same turns, the same days, the same pacing and bill, and the
// same rows in the database (posts, jobs, the outbox, approval items, the platform calls and their cost) —
// two days of autopilot, and a day with approval on, where the loops' posts wait for review.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningSimulation, runSimulation } from '../../src/app/simulation/run-simulation.js';
import { sqliteOf } from '../support/sqlite-of.js';
import { simConfig } from './sim-config.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The rows a run leaves, without what varies from run to run (the fake's port, wall-clock latencies). */
function tables(sim: RunningSimulation) {
  const { sqlite } = sqliteOf(sim.app.deps.database);
  const rows = (query: string) => sqlite.prepare(query).all();
  return {
    posts: rows('select tweet_id, kind, text, posted_at, actor, job_id from posts order by id'),
    jobs: rows(
      'select id, kind, status, attempts, next_attempt_at, started_at, completed_at, last_error, posted_tweet_ids from posting_jobs order by id',
    ),
    outbox: rows(
      'select job_id, card_index, status, platform_id, attempts, created_at from outbox order by id',
    ),
    calls: rows(
      'select method, endpoint, status_code, cost_usd, error_code, created_at, actor from api_usage order by id',
    ),
    pacing: rows('select * from paced_actions order by rowid'),
    approvals: rows(
      'select id, action_type, status, actor, created_at, updated_at from approval_queue order by id',
    ),
  };
}

async function simulate(skipQuietTurns: boolean, options: { days: number; approval?: boolean }) {
  const workDir = mkdtempSync(join(tmpdir(), 'sim-quiet-'));
  dirs.push(workDir);
  let rows: ReturnType<typeof tables> | undefined;
  const result = await runSimulation({
    config: simConfig(options.approval ? { approval_mode: true } : {}),
    workDir,
    days: options.days,
    seed: 7,
    faults: true,
    skipQuietTurns,
    afterRun: (sim) => {
      rows = tables(sim);
    },
  });
  return { result, rows };
}

describe('skipping the quiet turns of a simulation', () => {
  it('changes nothing the run does', async () => {
    const every = await simulate(false, { days: 2 });
    const quiet = await simulate(true, { days: 2 });
    expect(every.rows?.posts.length).toBeGreaterThan(5);
    expect(
      every.rows?.calls.filter((c) => (c as { endpoint: string }).endpoint === '/2/oauth2/token').length,
    ).toBeGreaterThan(5);
    expect(quiet.rows).toEqual(every.rows);
    expect(quiet.result.events).toEqual(every.result.events);
    expect(quiet.result.days).toEqual(every.result.days);
    expect(quiet.result.pacing).toEqual(every.result.pacing);
    expect(quiet.result.api).toEqual(every.result.api);
    expect(quiet.result.faults).toEqual(every.result.faults);
  }, 120_000);

  it("changes nothing with approval on, where the loops' posts wait for review", async () => {
    const every = await simulate(false, { days: 1, approval: true });
    const quiet = await simulate(true, { days: 1, approval: true });
    expect(every.rows?.approvals.length).toBeGreaterThan(3);
    expect(quiet.rows).toEqual(every.rows);
    expect(quiet.result.events).toEqual(every.result.events);
    expect(quiet.result.days).toEqual(every.result.days);
  }, 120_000);
});
