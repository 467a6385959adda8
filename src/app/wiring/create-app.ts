// The one composition root: every face (CLI, HTTP, tool server, loops) gets its dependencies from here.
import { randomUUID } from 'node:crypto';
import type { LoopDeps } from '../../automation/loop-deps.js';
import type { Scheduler } from '../../automation/scheduler.js';
import type { Config } from '../../contracts/config/config.js';
import { accountNames } from '../../core/domain/account-settings.js';
import { effectiveApprovalMode } from '../../core/domain/config-rules.js';
import type { GuardSettings } from '../../core/domain/posting-guards.js';
import { AppError } from '../../core/errors.js';
import { ENDPOINT_ACTIONS } from '../../core/gateway/endpoint-actions.js';
import { MEDIA_ACTIONS } from '../../core/gateway/media-actions.js';
import { MutationGateway } from '../../core/gateway/mutation-gateway.js';
import { PLATFORM_ACTIONS } from '../../core/gateway/platform-actions.js';
import type { PublisherDeps } from '../../core/gateway/publisher-deps.js';
import { type Clock, systemClock } from '../../core/ports/clock.js';
import type { SettingsStore } from '../../core/ports/settings-store.js';
import { createSignal } from '../../core/ports/signal.js';
import { createAccountProfiles } from '../../core/services/account/account-profiles.js';
import type { ContentDeps } from '../../core/services/content-deps.js';
import { type LoopBackDeps, loopBackPosted } from '../../core/services/sources/loop-back.js';
import { accountDataPaths, type DataPaths, dataPaths } from '../../infra/config/config-paths.js';
import type { Logger } from '../../infra/logging/create-logger.js';
import { confineUploadPath } from '../../infra/media/confine-upload-path.js';
import { inspectMediaFile } from '../../infra/media/inspect-media-file.js';
import { MediaStore } from '../../infra/media/media-store.js';
import { packagePath, packageVersion } from '../../infra/package-root.js';
import { createActorScope } from '../../infra/process/actor-scope.js';
import { ownerGone, processOwner } from '../../infra/process/process-owner.js';
import { createBrowserLogin } from '../../infra/social/browser-login.js';
import { createSocialBackend } from '../../infra/social/create-social-backend.js';
import { EndpointCaller } from '../../infra/social/endpoint-caller.js';
import { createPictureDownload } from '../../infra/social/profile-picture-download.js';
import { createNoteWriter } from '../../infra/sources/loop-back/note-writer.js';
import type { AppDatabase } from '../../infra/sqlite/open-database.js';
import { AccountProfileRepository } from '../../infra/sqlite/repositories/account-profile-repository.js';
import { AccountRepository } from '../../infra/sqlite/repositories/account-repository.js';
import { AnalyticsWriterRepository } from '../../infra/sqlite/repositories/analytics-writer-repository.js';
import { ApiUsageRepository } from '../../infra/sqlite/repositories/api-usage-repository.js';
import { ApprovalRepository } from '../../infra/sqlite/repositories/approval-repository.js';
import { CalendarRepository } from '../../infra/sqlite/repositories/calendar-repository.js';
import { DraftRepository } from '../../infra/sqlite/repositories/draft-repository.js';
import { LlmUsageRepository } from '../../infra/sqlite/repositories/llm-usage-repository.js';
import { LoopBoardRepository } from '../../infra/sqlite/repositories/loop-board-repository.js';
import { MediaFileRepository } from '../../infra/sqlite/repositories/media-file-repository.js';
import { MutationRepository } from '../../infra/sqlite/repositories/mutation-repository.js';
import { NoteRepository } from '../../infra/sqlite/repositories/note-repository.js';
import { PacingRepository } from '../../infra/sqlite/repositories/pacing-repository.js';
import { PostingRepository } from '../../infra/sqlite/repositories/posting-repository.js';
import { ProvenanceRepository } from '../../infra/sqlite/repositories/provenance-repository.js';
import { TelemetryRepository } from '../../infra/sqlite/repositories/telemetry-repository.js';
import type { Store } from '../../infra/storage/store.js';
import { accountConfig, accountSettings, retireRemoved } from './account-live.js';
import { createAnalyticsDeps } from './analytics-deps.js';
import type { AccountDirectory, AppDeps } from './app-deps.js';
import { createAssistDeps } from './assist-deps.js';
import { createConnectors } from './connectors.js';
import { createDiscoveryDeps } from './discovery-deps.js';
import { platformUserClaim } from './login-claim.js';
import { loopDepsOf } from './loop-deps-of.js';
import { createLoopScheduler, type LoopSchedulerOptions } from './loop-scheduler.js';
import { operationDepsOf } from './operation-deps-of.js';
import { accountLogin, loginState, openConfiguredStore, postingBlocker } from './platform-state.js';
import { createSourcesManager } from './sources-manager.js';
import { statusDeps } from './status-deps.js';
import { allowedUploadDirs } from './upload-dirs.js';

export type { AppDeps } from './app-deps.js';

/** One account of the service: its name in the config, its row's id, its parts and its loops. */
export interface AccountApp {
  name: string;
  id: string;
  isDefault: boolean;
  deps: AppDeps;
  /** The account's loops (started and stopped by the process's runtime; a bare app never starts them). */
  loops: Scheduler<LoopDeps>;
  /** Starts the loops this process runs (the runtime calls it once). */
  startLoops(): void;
}

export interface App {
  /** The default account's parts: what every face uses when no account is named. */
  deps: AppDeps;
  /** The default account's loops. */
  loops: Scheduler<LoopDeps>;
  /** Every account of the config, the default one first. */
  accounts: readonly AccountApp[];
  /** The store the accounts share (SQLite, or Postgres with `[storage] url`). */
  store: Store;
  /** Moves everything that applies live to a reloaded config (what applies only at start keeps its value). */
  setConfig(config: Readonly<Config>): void;
  close(): Promise<void>;
}

export interface CreateAppOptions {
  config: Readonly<Config>;
  dataDir: string;
  logger: Logger;
  clock?: Clock;
  env?: Record<string, string | undefined>;
  /** Injected waits and randomness (back-off, processing polls) for tests. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Crash tests only: called at each step of posting a card (see infra/process/crash-points.ts). */
  crashPoint?: PublisherDeps['crashPoint'];
  /** The settings store over the file and env/flags this config was loaded from (infra/config/settings-store). */
  settings?: SettingsStore;
  /** Which loops this process would run, and on what timers (default: the always-on ones, real time). */
  loops?: LoopSchedulerOptions;
}

/** What every account of one process shares: the database, the clock, the log and the live config. */
interface Shared {
  options: CreateAppOptions;
  paths: DataPaths;
  database: AppDatabase;
  clock: Clock;
  /** The live config of the whole service (the default account's settings are its global sections). */
  cfg: () => Readonly<Config>;
}

/**
 * The repositories are being moved onto Postgres (issue 28); until each one takes either store, a service
 * configured with `[storage] url` stops at start with this, having checked the database and migrated it.
 */
function sqliteUntilPorted(store: Store): AppDatabase {
  if (store.dialect === 'sqlite') return store;
  void store.close();
  throw new AppError(
    'db_error',
    `Postgres ${store.label} is reachable and migrated, but this version of the service does not yet run on Postgres: remove [storage] url to use SQLite`,
    { retryable: false },
  );
}

export async function createApp(options: CreateAppOptions): Promise<App> {
  // What applies only at start (paths, the platform client, the database) reads `config`; everything that
  // applies live reads `cfg()`, which `setConfig` moves to a reloaded file (see RESTART_REQUIRED_SETTINGS).
  const config = options.config;
  let current = options.config;
  const paths = dataPaths(config, options.dataDir, options.env);
  const database = sqliteUntilPorted(await openConfiguredStore(config, paths.dbPath));
  const shared: Shared = {
    options,
    paths,
    database,
    clock: options.clock ?? systemClock,
    cfg: () => current,
  };
  // Accounts are those of the config at start; one added later runs after a restart.
  const ids = await new AccountRepository(database)
    .ensure(accountNames(config))
    .catch(async (error: unknown) => {
      await database.close();
      throw error;
    });
  // Each account's deps carry the directory; it reads the list once every account is built.
  let accounts: AccountApp[] = [];
  const retiring = new Map<string, Promise<void>>();
  const directory: AccountDirectory = {
    list: () => accounts,
    get: (name) => accounts.find((account) => account.name === name)?.deps,
    retire: (name) => {
      const found = accounts.find((account) => account.name === name && !account.isDefault);
      if (found) {
        accounts = accounts.filter((account) => account !== found);
        retiring.set(
          name,
          Promise.all([
            found.deps.telemetry
              .flush()
              .catch((error: unknown) => options.logger.warn({ err: error }, 'telemetry write failed')),
            found.loops.stop(),
            found.deps.sources.stop(),
          ]).then(() => {}),
        );
      }
      return retiring.get(name) ?? Promise.resolve();
    },
  };
  accounts = [...ids].map(([name, id], i) =>
    createAccountApp(shared, directory, { name, id, isDefault: i === 0 }),
  );
  const [main] = accounts as [AccountApp, ...AccountApp[]];
  return {
    store: database,
    deps: main.deps,
    loops: main.loops,
    get accounts() {
      return accounts;
    },
    setConfig(next) {
      current = next;
      // An account removed by `app accounts remove` (its row disabled) stops when the file shows it gone;
      // reading the rows also brings this process's labels up to another process's rename.
      void retireRemoved(new AccountRepository(database), accounts, next, directory).catch((error: unknown) =>
        options.logger.error({ err: error }, 'could not read the accounts after a config change'),
      );
    },
    close: async () => {
      await Promise.all(accounts.map((account) => account.deps.telemetry.flush()));
      await Promise.all(retiring.values());
      await database.close();
    },
  };
}

function createAccountApp(
  shared: Shared,
  directory: AccountDirectory,
  account: { name: string; id: string; isDefault: boolean },
): AccountApp {
  const { options, database, clock } = shared;
  const { logger } = options;
  const rows = new AccountRepository(database);
  const nameNow = () => rows.labelOf(account.id) ?? account.name;
  const cfg = accountConfig(shared.cfg, account, nameNow);
  // What applies only at start reads the account's config as it was then.
  const config = cfg();
  const paths = accountDataPaths(shared.paths, account);
  const accountId = account.id;
  // Loops and operations run inside `actors`, so every platform call is recorded with who made it; its cost
  // follows the live `[api_prices]`.
  const actors = createActorScope();
  const apiUsage = new ApiUsageRepository(database, accountId, clock, {
    prices: () => cfg().api_prices,
    actors,
  });
  const social = createSocialBackend({
    config,
    tokensPath: paths.tokensPath,
    scraperSessionPath: paths.scraperSessionPath,
    clock,
    usage: apiUsage,
    sleep: options.sleep,
    random: options.random,
  });
  const media = new MediaStore({
    mediaDir: paths.mediaDir,
    repository: new MediaFileRepository(database, accountId),
    accountId,
    clock,
  });
  const drafts = new DraftRepository(database, accountId);
  const approvals = new ApprovalRepository(database, accountId);
  const posting = new PostingRepository(database, accountId);
  const postingWake = createSignal();
  const guardSettings = (): GuardSettings => ({
    ...cfg().limits,
    activeHours: {
      timezone: cfg().schedule.timezone,
      start: cfg().schedule.active_hours_start,
      end: cfg().schedule.active_hours_end,
      days: cfg().schedule.active_days,
    },
    product: { name: cfg().business.product_name, url: cfg().business.product_url },
  });
  const notes = new NoteRepository(database, accountId);
  const provenance = new ProvenanceRepository(database, accountId);
  // A further account reads and writes its own table of the same file.
  const settings = options.settings && accountSettings(options.settings, nameNow);
  const connectors = createConnectors({ ...options, settings, config: cfg, database, accountId, clock });
  const sources = createSourcesManager({
    config: cfg,
    notes,
    clock,
    logger,
    env: options.env,
    dataDir: options.dataDir,
    driveRunner: connectors.driveRunner,
    driveLoopBackReason: connectors.driveLoopBackReason,
  });
  const loopBack: LoopBackDeps = {
    notes,
    provenance,
    sources,
    writer: createNoteWriter(clock),
    clock,
    statusUrl: (id) => `https://x.com/i/status/${id}`,
    logger,
  };
  const content: ContentDeps = {
    provenance,
    drafts,
    approvals,
    posting,
    media,
    clock,
    newId: randomUUID,
    settings: () => ({
      approvalMode: effectiveApprovalMode(cfg()),
      timezone: cfg().schedule.timezone,
      maxBatchApprove: cfg().max_batch_approve,
    }),
    guardSettings,
    postingBlocker: () => postingBlocker(social),
    wakePosting: () => postingWake.fire(),
    // The gateway is built below; an approved tool call runs through it.
    runApprovedTool: (item, payload) => gateway.executeApproved(item, payload),
  };
  let me: string | undefined;
  const owner = processOwner();
  const publisher: PublisherDeps = {
    owner,
    ownerGone: (claimant, startedAt) => ownerGone(owner, claimant, startedAt, clock.now()),
    posting,
    drafts,
    approvals,
    social,
    meId: async () => {
      me ??= social.tokens?.userId() ?? (await social.read.getMe()).id;
      return me;
    },
    mediaFile: async (path) => (await media.resolve(path)).absolutePath,
    clock,
    guardSettings,
    pacing: {
      store: new PacingRepository(database, accountId),
      settings: () => cfg().limits,
      random: options.random ?? Math.random,
    },
    postingBlocker: () => postingBlocker(social),
    logger,
    crashPoint: options.crashPoint,
    onPosted: (job) => loopBackPosted(loopBack, job),
  };
  const llmUsage = new LlmUsageRepository(database, accountId, clock);
  const assist = createAssistDeps({ config: cfg, database, accountId, clock, logger, llmUsage });
  const mutations = new MutationRepository(database, accountId);
  const endpoints = social.transport ? new EndpointCaller(social.transport) : undefined;
  const gateway = new MutationGateway({
    store: mutations,
    approvals,
    publisher,
    posting,
    social,
    endpoints,
    clock,
    newId: randomUUID,
    guardSettings,
    policy: () => cfg().mcp_policy,
    mode: () => cfg().mode,
    approvalMode: () => effectiveApprovalMode(cfg()),
    postingBlocker: () => postingBlocker(social),
    actions: new Map([...PLATFORM_ACTIONS, ...MEDIA_ACTIONS, ...ENDPOINT_ACTIONS].map((a) => [a.tool, a])),
    inspectMedia: (path) => inspectMediaFile(path, { wholeImage: true }),
    uploadFile: (path) =>
      confineUploadPath(path, {
        mediaDir: media.mediaDir,
        allowedDirs: allowedUploadDirs(cfg(), options.env, options.dataDir),
        othersFile: (realPath) => media.isAnotherAccountsFile(realPath),
      }),
  });
  const status = statusDeps({
    config: cfg,
    social,
    database,
    posting,
    mutations,
    clock,
    loops: () => scheduler.loopStatus(),
  });
  // Read through the platform client (on the bill, attributed to whoever asks); the picture from the hosts the
  // picture rules allow, where the platform client's base URL applies only at start.
  const accountProfiles = createAccountProfiles({
    store: new AccountProfileRepository(database, accountId),
    pictures: createPictureDownload({
      apiBaseUrl: config.social_api.api_base_url,
      timeoutMs: config.social_api.request_timeout_seconds * 1000,
      log: logger,
    }),
    readMe: () => social.read.getMe(),
    login: () => accountLogin(social),
    clock,
    log: logger,
  });
  const base: Omit<AppDeps, 'forOperations' | 'forLoops'> = {
    config,
    paths,
    database,
    logger,
    clock,
    version: packageVersion(),
    webRoot: packagePath('dist', 'web'),
    accountId,
    accountName: account.name,
    accounts: directory,
    apiUsage,
    actors,
    social,
    accountProfiles,
    media,
    content,
    publisher,
    assist,
    gateway,
    telemetry: new TelemetryRepository(database, accountId, logger),
    mutations,
    endpoints,
    analytics: createAnalyticsDeps(database, accountId, clock),
    analyticsWriter: new AnalyticsWriterRepository(database, accountId),
    calendar: new CalendarRepository(database, accountId),
    discovery: createDiscoveryDeps(database, accountId, clock),
    connectors,
    platformLink: createBrowserLogin({
      config: cfg,
      tokensPath: paths.tokensPath,
      clock,
      usage: apiUsage,
      health: () => loginState(social),
      claimUser: platformUserClaim(database, shared.paths.dataDir, accountId),
    }),
    status,
    postingWake,
    loopBoard: new LoopBoardRepository(database, accountId),
    random: options.random ?? Math.random,
    settings,
    notes,
    sources,
    loopBack,
  };
  const forOperations = operationDepsOf(base, { config: cfg, loopStatus: () => scheduler.loopStatus() });
  const deps: AppDeps = {
    ...base,
    forOperations,
    forLoops: loopDepsOf(base, forOperations, { config: cfg }),
  };
  // Every reader of `deps.config` (faces, loops) sees the live config.
  Object.defineProperty(deps, 'config', { get: cfg, enumerable: true });
  const scheduler = createLoopScheduler(deps, logger, options.loops ?? { autopilot: false });
  return {
    ...account,
    deps,
    loops: scheduler.loops,
    startLoops: () => scheduler.loops.start(scheduler.startNames),
  };
}
