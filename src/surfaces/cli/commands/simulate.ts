// `app simulate`: a week (or --days) of autopilot with the user's own config, on a copy of their database
// (SQLite; a service on Postgres simulates on an empty scratch database, its Postgres untouched),
// against the built-in fake platform and a seeded stand-in writer (DECISIONS: never the real platform).
// Prints day by day what would have been posted or queued, what the guards stopped, the totals against each
// cap and the platform calls with their cost, then the run's pacing and API totals; --format json prints the
// whole result. --budget N runs under `[limits] monthly_api_budget_usd = N`. On a terminal, stderr shows
// which day is being simulated (never in a pipe or a test).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { runSimulation } from '../../../app/simulation/run-simulation.js';
import { MAX_SIMULATED_ACCOUNTS } from '../../../app/simulation/sim-accounts.js';
import { renderApiTotal, renderDay, renderPacing } from '../../../app/simulation/sim-report.js';
import { CliError, type CommandContext, EXIT_USAGE, println } from '../cli-io.js';
import { loadForCommand } from '../load-for-command.js';

const OptionsSchema = z.object({
  days: z.coerce.number().int().min(1).max(31).default(7),
  seed: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 31)
    .default(1),
  faults: z.boolean().default(false),
  start: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  llm: z.boolean().default(false),
  format: z.enum(['text', 'json']).default('text'),
  accounts: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_SIMULATED_ACCOUNTS, `at most ${MAX_SIMULATED_ACCOUNTS} accounts`)
    .default(1),
  budget: z.coerce
    .number({ error: 'a budget is a number of US dollars' })
    .positive('a budget must be more than 0 US dollars')
    .optional(),
});

export async function runSimulate(ctx: CommandContext, raw: Record<string, unknown>): Promise<void> {
  const parsed = OptionsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CliError(`--${String(issue?.path[0] ?? 'option')}: ${issue?.message ?? 'invalid'}`, EXIT_USAGE);
  }
  const options = parsed.data;
  const loaded = loadForCommand(ctx);
  const { data } = loaded;
  const config =
    options.budget === undefined
      ? loaded.config
      : { ...loaded.config, limits: { ...loaded.config.limits, monthly_api_budget_usd: options.budget } };
  const progress = ctx.io.stderr.isTTY === true && options.format === 'text';
  const workDir = mkdtempSync(join(tmpdir(), 'app-simulate-'));
  try {
    const result = await runSimulation({
      config,
      workDir,
      // A service on Postgres is not copied: the simulation starts from an empty database.
      sourceDb: data.dbPath === ':memory:' || config.storage.url ? undefined : data.dbPath,
      days: options.days,
      seed: options.seed,
      faults: options.faults,
      ...(options.start ? { start: new Date(options.start) } : {}),
      useConfiguredLlm: options.llm,
      accounts: options.accounts,
      ...(progress
        ? {
            onDay: (done: number, days: number) =>
              ctx.io.stderr.write(`\rsimulating: day ${done}/${days}${done === days ? '\n' : ''}`),
          }
        : {}),
    });
    if (options.format === 'json') {
      println(ctx.io.stdout, JSON.stringify(result, null, 2));
      return;
    }
    const out = ctx.io.stdout;
    println(
      out,
      `Simulated ${options.days} day(s) of ${config.mode} from ${result.days[0]?.date} (${result.timezone}), seed ${options.seed}` +
        `${options.faults ? ', with faults' : ''}${options.llm ? ', configured LLM' : ''} — nothing reached the real platform.`,
    );
    for (const fault of result.faults)
      println(out, `  fault: day ${fault.day + 1} ${fault.hour}:20 ${fault.what}`);
    for (const day of result.days) {
      println(out);
      println(out, renderDay(day, result.settings));
    }
    println(out);
    const budget = config.limits.monthly_api_budget_usd;
    const paused = result.loops.filter((loop) => loop.paused === 'budget');
    println(
      out,
      renderApiTotal(
        options.days,
        result.api,
        budget === undefined
          ? undefined
          : {
              usd: budget,
              pausedLoops: paused.map((loop) => loop.name),
              resumeAt: paused[0]?.paused_until ?? null,
            },
      ),
    );
    // The pacing figures stay the last lines of the default account's part.
    println(out);
    println(out, renderPacing(result.pacing, config.limits));
    for (const account of result.accounts ?? []) {
      println(out);
      println(
        out,
        `Account ${account.account} (@${account.username} at the fake platform, ${account.timezone}):`,
      );
      for (const day of account.days) {
        println(out);
        println(out, renderDay(day, account.settings));
      }
      println(out);
      println(out, renderApiTotal(options.days, account.api));
      println(out);
      println(out, renderPacing(account.pacing, account.limits));
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
