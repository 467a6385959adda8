// The simulation engine behind `app simulate` and the simulated-week proofs: the real app and its real loops
// on a simulated clock, against the sandbox platform (src/infra/sandbox/social, the fake the tests use too,
// started in-process on 127.0.0.1) and — unless the configured LLM is asked for — the sandbox's stand-in LLM
// answering with a seeded writer, on a copy of the user's database. Nothing reaches the configured platform.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { SimulatedTime, seededRandom } from '../../automation/simulated-time.js';
import { type Config, ConfigSchema } from '../../contracts/config/config.js';
import type { LoopStatus } from '../../contracts/runtime-status.js';
import { localHourAndDay } from '../../core/domain/active-hours.js';
import type { GuardSettings } from '../../core/domain/posting-guards.js';
import { capWindows, startOfLocalDay } from '../../core/domain/time-windows.js';
import type { PacingFigures } from '../../core/ports/pacing-store.js';
import { createLogger } from '../../infra/logging/create-logger.js';
import { fakeSocialConfig } from '../../infra/sandbox/social/config-lines.js';
import {
  DEFAULT_CLIENT_ID,
  DEFAULT_USER_ID,
  type FakeSocial,
  startFakeSocial,
} from '../../infra/sandbox/social/index.js';
import { type StandInLlm, startStandInLlm } from '../../infra/sandbox/stand-in-llm.js';
import { storeFakeLogin } from '../../infra/sandbox/store-fake-login.js';
import { createBackup } from '../../infra/sqlite/backup.js';
import {
  ActivityReportRepository,
  type ApiSpendRow,
} from '../../infra/sqlite/repositories/activity-report-repository.js';
import { type App, createApp } from '../wiring/create-app.js';
import { type AccountSimulation, reportAccount, withSimulatedAccounts } from './sim-accounts.js';
import { type PlannedFault, planFaults } from './sim-faults.js';
import { buildDayReport, type DayReport, type LoopEvent } from './sim-report.js';
import { SimWorld } from './sim-world.js';
import { createSimWriter } from './sim-writer.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface SimulationOptions {
  /** The user's config (its limits, schedule, mode, business profile and targets drive the loops). */
  config: Config;
  /** A scratch folder for the copy of the database and the simulated login (the caller removes it). */
  workDir: string;
  /** The user's database to copy; absent or missing: an empty one. */
  sourceDb?: string;
  days: number;
  seed: number;
  faults: boolean;
  /** Default: the Monday 2026-01-05 in the account's timezone, so a seed alone fixes the whole run. */
  start?: Date;
  /** Use the configured LLM instead of the stand-in writer (the output then varies run to run). */
  useConfiguredLlm?: boolean;
  /** Called at the start of each simulated day (0-based), e.g. to switch the mode on day 3. */
  beforeDay?: (day: number, sim: RunningSimulation) => void | Promise<void>;
  /** Called after the last day while the loops are still scheduled, before anything closes. */
  afterRun?: (sim: RunningSimulation) => void | Promise<void>;
  /**
   * Take the empty turns of the polling loops (posting queue, approval poster, token refresh) without running them (default
   * true): one process holds the simulated data, so they know when they next have work. False runs every
   * poll, as the test showing it changes nothing does.
   */
  skipQuietTurns?: boolean;
  /** Called after each simulated day (1-based count), e.g. to show progress. */
  onDay?: (done: number, days: number) => void;
  /**
   * How many accounts run (default 1): the config's own, then simulated ones with settings of their own
   * (sim-accounts.ts) up to this many; every account of the config runs whatever the number.
   */
  accounts?: number;
}

export interface RunningSimulation {
  app: App;
  fake: FakeSocial;
  time: SimulatedTime;
  setConfig(patch: (config: Config) => Config): void;
}

export interface SimulationResult {
  start: Date;
  timezone: string;
  settings: GuardSettings;
  days: DayReport[];
  faults: PlannedFault[];
  events: LoopEvent[];
  /** How the account's automated writes were spaced over the run (account-wide pacing). */
  pacing: PacingFigures;
  /** Platform calls of the whole run and the sum of their recorded cost (api_usage of the simulated database). */
  api: ApiSpendRow;
  /** Each loop's status as the run ended (a budget's pauses show here). */
  loops: LoopStatus[];
  /** The further accounts' runs (absent with one account): the fields above are the default account's. */
  accounts?: AccountSimulation[];
}

/** The fake platform's users the further accounts sign in as (the default account is @app_owner). */
const FURTHER_USERS = ['1001', '1002', '1003', '1004', '1005', '1006'];

export const DEFAULT_SIMULATION_START = '2026-01-05T12:00:00Z';

/**
 * The config the simulation runs: the user's, pointed at the fakes and at the scratch database, with no
 * file-writing side effects.
 */
function simulatedConfig(
  user: Config,
  fake: FakeSocial,
  llm: StandInLlm | undefined,
  dbPath: string,
): Config {
  return ConfigSchema.parse({
    ...user,
    social_api: {
      ...user.social_api,
      ...fakeSocialConfig(fake.url, DEFAULT_CLIENT_ID).values,
      provider_backend: 'social_api',
      request_timeout_seconds: 5,
    },
    // Always the scratch SQLite file: never the service's Postgres (`[storage] url`), which is not copied.
    storage: { ...user.storage, url: undefined, db_path: dbPath },
    // Notes stay in the copied database (vault context), but no folder is watched or written back to.
    content_sources: { ...user.content_sources, sources: [] },
    ...(llm
      ? { llm: { ...user.llm, provider: 'openai', api_key: 'simulation', base_url: llm.openaiBaseUrl } }
      : {}),
  });
}

export async function runSimulation(options: SimulationOptions): Promise<SimulationResult> {
  const zone = options.config.schedule.timezone;
  const start = options.start ?? startOfLocalDay(new Date(DEFAULT_SIMULATION_START), zone).start;
  const time = new SimulatedTime(start);
  const random = seededRandom(options.seed);
  const fake = await startFakeSocial({
    clock: { now: () => time.now().getTime(), advance: () => {} },
    accessTokenTtlSeconds: 2 * 3600,
  });
  // The writer takes the product name and the first banned phrase from the user's config (the simulated
  // config changes neither).
  const llm = options.useConfiguredLlm
    ? undefined
    : await startStandInLlm({
        write: createSimWriter({
          random: seededRandom(options.seed + 1),
          productName: options.config.business.product_name,
          bannedPhrase: options.config.limits.banned_phrases[0],
        }),
        now: () => time.now().getTime(),
      });
  const events: LoopEvent[] = [];
  let app: App | undefined;
  try {
    mkdirSync(options.workDir, { recursive: true, mode: 0o700 });
    const dbPath =
      options.sourceDb && existsSync(options.sourceDb)
        ? (await createBackup({ dbPath: options.sourceDb, outputDir: options.workDir, now: start })).path
        : join(options.workDir, 'app.db');
    let config = simulatedConfig(
      (options.accounts ?? 1) > 1
        ? withSimulatedAccounts(options.config, options.accounts ?? 1)
        : options.config,
      fake,
      llm,
      dbPath,
    );
    // The simulated login, as `app auth` would have stored it (two-hour tokens: the refresh loop works).
    storeFakeLogin(fake, join(options.workDir, 'tokens.json'), { expiresInSeconds: 2 * 3600 });
    const running = await createApp({
      config,
      dataDir: options.workDir,
      logger: createLogger({ level: 'silent' }),
      clock: time,
      env: {},
      sleep: async () => {},
      random,
      loops: {
        autopilot: true,
        setTimer: time.setTimer,
        publishStatus: false,
        // The posting queue is woken when something is due; polling every 2 simulated minutes is plenty.
        minIntervalMs: 120_000,
        skipQuietTurns: options.skipQuietTurns ?? true,
      },
    });
    app = running;
    const owner = fake.state.users.get(DEFAULT_USER_ID);
    const world = new SimWorld({
      state: fake.state,
      random: seededRandom(options.seed + 2),
      keywords: [
        ...config.business.product_keywords,
        ...config.business.competitor_keywords,
        ...config.business.industry_topics,
      ],
      targets: config.targets.accounts,
      ownUserId: DEFAULT_USER_ID,
      ownUsername: owner?.username ?? 'app_owner',
    });
    world.setup();
    // Each further account signs in as a user of its own and lives in a world of its own.
    const further = running.accounts.slice(1).map((account, i) => {
      const userId = FURTHER_USERS[i % FURTHER_USERS.length] as string;
      storeFakeLogin(fake, account.deps.paths.tokensPath, { expiresInSeconds: 2 * 3600, userId });
      const own = account.deps.config;
      const ownWorld = new SimWorld({
        state: fake.state,
        random: seededRandom(options.seed + 10 + i),
        keywords: [
          ...own.business.product_keywords,
          ...own.business.competitor_keywords,
          ...own.business.industry_topics,
        ],
        targets: own.targets.accounts,
        ownUserId: userId,
        ownUsername: fake.state.users.get(userId)?.username ?? account.name,
      });
      ownWorld.setup();
      return {
        account,
        userId,
        world: ownWorld,
        events: [] as LoopEvent[],
        seen: new Map<string, string | null>(),
      };
    });
    const scheduler = running.loops;
    const sim: RunningSimulation = {
      app: running,
      fake,
      time,
      setConfig(patch) {
        config = ConfigSchema.parse(patch(config));
        running.setConfig(config);
      },
    };
    const { active_hours_start: from, active_hours_end: to } = config.schedule;
    const faults = options.faults ? planFaults(options.days, seededRandom(options.seed + 3), from, to) : [];
    // Every loop turn, as the scheduler recorded it: the report's errors and the proofs' timeline.
    const seen = new Map<string, string | null>();
    const record = (loops: LoopStatus[], into: LoopEvent[], recorded: Map<string, string | null>): void => {
      for (const loop of loops) {
        if (loop.last_run_at && loop.last_run_at !== recorded.get(loop.name) && loop.state !== 'running') {
          recorded.set(loop.name, loop.last_run_at);
          into.push({
            at: loop.last_run_at,
            loop: loop.name,
            outcome: loop.last_outcome === 'error' ? 'error' : 'ok',
            summary: loop.last_summary,
            error: loop.last_error,
          });
        }
      }
    };
    const settle = async () => {
      await scheduler.idle();
      for (const other of further) await other.account.loops.idle();
      record(scheduler.status(), events, seen);
      for (const other of further) record(other.account.loops.status(), other.events, other.seen);
    };
    for (let hour = 0; hour < options.days * 24; hour++) {
      const at = new Date(start.getTime() + hour * HOUR);
      time.setTimer(() => {
        world.hour(time.now());
        for (const other of further) other.world.hour(time.now());
      }, at.getTime() - time.now().getTime());
    }
    for (const fault of faults) {
      const at = start.getTime() + fault.day * DAY + fault.hour * HOUR + 20 * 60_000;
      time.setTimer(() => fake.faults.inject(fault.rule), at - time.now().getTime());
    }
    scheduler.start();
    for (const other of further) other.account.loops.start();
    const reports = new ActivityReportRepository(running.deps.database, running.deps.accountId);
    const days: DayReport[] = [];
    const windows: Array<{ since: Date; until: Date }> = [];
    let weekStart = capWindows(start, zone).weekStart.getTime();
    let threadsThisWeek = 0;
    for (let day = 0; day < options.days; day++) {
      const local = startOfLocalDay(new Date(start.getTime() + day * DAY + 12 * HOUR), zone);
      const dayStart = local.start;
      const dayEnd = startOfLocalDay(new Date(dayStart.getTime() + DAY + 12 * HOUR), zone).start;
      await options.beforeDay?.(day, sim);
      await time.runUntil(dayEnd, settle);
      const week = capWindows(dayStart, zone).weekStart.getTime();
      if (week !== weekStart) {
        weekStart = week;
        threadsThisWeek = 0;
      }
      const settings = running.deps.content.guardSettings();
      const report = buildDayReport({
        date: local.date,
        weekday: localHourAndDay(dayStart, zone).day,
        posts: await reports.posts(dayStart, dayEnd),
        queued: await reports.queued(dayStart, dayEnd),
        refused: await reports.refused(dayStart, dayEnd),
        events: events.filter(
          (e) => Date.parse(e.at) >= dayStart.getTime() && Date.parse(e.at) < dayEnd.getTime(),
        ),
        threadsEarlierThisWeek: threadsThisWeek,
        settings,
        // Filled in when the run is over (below): the last day also takes what the stop recorded.
        api: { calls: 0, cost_usd: 0 },
      });
      windows.push({ since: day === 0 ? start : dayStart, until: dayEnd });
      threadsThisWeek = report.totals.threadsThisWeek;
      days.push(report);
      options.onDay?.(day + 1, options.days);
    }
    await options.afterRun?.(sim);
    await scheduler.stop();
    for (const other of further) await other.account.loops.stop();
    const pacing = await running.deps.publisher.pacing.store.figures(start, time.now());
    const loops = scheduler.status();
    // Everything the run recorded (a copied database's own rows are older than the start), day by day: the
    // days tile the run, so their figures add up to its total.
    for (const [i, report] of days.entries()) {
      const window = windows[i];
      if (window)
        report.api = await reports.apiSpend(window.since, i === days.length - 1 ? undefined : window.until);
    }
    const api = await reports.apiSpend(start);
    return {
      start,
      timezone: zone,
      settings: running.deps.content.guardSettings(),
      days,
      faults,
      events,
      pacing,
      api,
      loops,
      ...(further.length > 0
        ? {
            accounts: await Promise.all(
              further.map((other) =>
                reportAccount({
                  account: other.account,
                  userId: other.userId,
                  username: fake.state.users.get(other.userId)?.username ?? other.account.name,
                  start,
                  end: time.now(),
                  events: other.events,
                }),
              ),
            ),
          }
        : {}),
    };
  } finally {
    await app?.close();
    await llm?.close();
    await fake.close();
  }
}
