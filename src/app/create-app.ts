// The one composition root: every face (CLI, HTTP, tool server, loops) gets its dependencies from here.
import { randomUUID } from 'node:crypto';
import type { LoopDeps } from '../automation/loop-deps.js';
import { DEFAULT_ACCOUNT_ID } from '../contracts/account.js';
import type { Config } from '../contracts/config/config.js';
import type { LoopStatus } from '../contracts/runtime-status.js';
import { effectiveApprovalMode } from '../core/domain/config-rules.js';
import type { GuardSettings } from '../core/domain/posting-guards.js';
import { capWindows } from '../core/domain/time-windows.js';
import { AppError, isAppError } from '../core/errors.js';
import { ENDPOINT_ACTIONS } from '../core/gateway/endpoint-actions.js';
import { MEDIA_ACTIONS } from '../core/gateway/media-actions.js';
import { MutationGateway } from '../core/gateway/mutation-gateway.js';
import { PLATFORM_ACTIONS } from '../core/gateway/platform-actions.js';
import type { PublisherDeps } from '../core/gateway/publisher-deps.js';
import type { AnalyticsWriter } from '../core/ports/analytics-writer.js';
import type { CalendarStore } from '../core/ports/calendar-store.js';
import { type Clock, systemClock } from '../core/ports/clock.js';
import type { LoopBoard } from '../core/ports/loop-board.js';
import type { NoteStore } from '../core/ports/note-store.js';
import type { PlatformLink } from '../core/ports/platform-link.js';
import type { SettingsStore } from '../core/ports/settings-store.js';
import type { SocialEndpoints } from '../core/ports/social-endpoints.js';
import type { AssistDeps } from '../core/services/assist/assist-deps.js';
import type { ContentDeps } from '../core/services/content-deps.js';
import { type LoopBackDeps, loopBackPosted } from '../core/services/sources/loop-back.js';
import type { LoginState, StatusDeps } from '../core/services/status/status-deps.js';
import { type DataPaths, dataPaths } from '../infra/config/config-paths.js';
import { llmConfigProblem } from '../infra/llm/create-llm.js';
import type { Logger } from '../infra/logging/create-logger.js';
import { confineUploadPath } from '../infra/media/confine-upload-path.js';
import { inspectMediaFile } from '../infra/media/inspect-media-file.js';
import { MediaStore } from '../infra/media/media-store.js';
import { packagePath, packageVersion } from '../infra/package-root.js';
import { ownerGone, processOwner } from '../infra/process/process-owner.js';
import { createBrowserLogin } from '../infra/social/browser-login.js';
import { createSocialBackend, type SocialBackend } from '../infra/social/create-social-backend.js';
import { EndpointCaller } from '../infra/social/endpoint-caller.js';
import { createNoteWriter } from '../infra/sources/loop-back/note-writer.js';
import { type AppDatabase, openDatabase } from '../infra/sqlite/open-database.js';
import { AnalyticsWriterRepository } from '../infra/sqlite/repositories/analytics-writer-repository.js';
import { ApiUsageRepository } from '../infra/sqlite/repositories/api-usage-repository.js';
import { ApprovalRepository } from '../infra/sqlite/repositories/approval-repository.js';
import { CalendarRepository } from '../infra/sqlite/repositories/calendar-repository.js';
import { DraftRepository } from '../infra/sqlite/repositories/draft-repository.js';
import { LlmUsageRepository } from '../infra/sqlite/repositories/llm-usage-repository.js';
import { LoopBoardRepository } from '../infra/sqlite/repositories/loop-board-repository.js';
import { MediaFileRepository } from '../infra/sqlite/repositories/media-file-repository.js';
import { MutationRepository } from '../infra/sqlite/repositories/mutation-repository.js';
import { NoteRepository } from '../infra/sqlite/repositories/note-repository.js';
import { PostingRepository } from '../infra/sqlite/repositories/posting-repository.js';
import { ProvenanceRepository } from '../infra/sqlite/repositories/provenance-repository.js';
import { TelemetryRepository } from '../infra/sqlite/repositories/telemetry-repository.js';
import type { OperationDeps } from '../operations/operation-deps.js';
import { type AnalyticsDeps, createAnalyticsDeps } from './analytics-deps.js';
import { createAssistDeps } from './assist-deps.js';
import { type AppConnectors, createConnectors } from './connectors.js';
import { createDiscoveryDeps, type DiscoveryDeps } from './discovery-deps.js';
import { loopDepsOf } from './loop-deps-of.js';
import { operationDepsOf } from './operation-deps-of.js';
import { createSourcesManager, type SourcesManager } from './sources-manager.js';
import { allowedUploadDirs } from './upload-dirs.js';

export interface AppDeps {
  config: Readonly<Config>;
  paths: DataPaths;
  database: AppDatabase;
  logger: Logger;
  clock: Clock;
  version: string;
  /** The dashboard's build output (`dist/web` in the package). */
  webRoot: string;
  accountId: string;
  apiUsage: ApiUsageRepository;
  social: SocialBackend;
  media: MediaStore;
  content: ContentDeps;
  publisher: PublisherDeps;
  assist: AssistDeps;
  /** The one door for tool mutations (policy, safety rules, idempotency, audit). */
  gateway: MutationGateway;
  telemetry: TelemetryRepository;
  mutations: MutationRepository;
  /** Raw access to declared platform endpoints (absent for the scraper backend). */
  endpoints?: SocialEndpoints;
  analytics: AnalyticsDeps;
  /** What the analytics loop writes (snapshots, post metrics, topic scores, alerts). */
  analyticsWriter: AnalyticsWriter;
  /** The calendar page's read over drafts, jobs, approval items and posts. */
  calendar: CalendarStore;
  discovery: DiscoveryDeps;
  /** Linked accounts of remote note sources (the cloud drive link flow) and the drive source runners. */
  connectors: AppConnectors;
  /** The platform login from the dashboard (Connect account: /api/auth/platform/*). */
  platformLink: PlatformLink;
  status: StatusDeps;
  /** Set by the runner that owns the posting loop, so an immediate post starts at once. */
  wakePosting: { current?: () => void };
  /** Set by the runner that owns the loops: their status (GET /api/runtime/status, `app status`). */
  loops: { status?: () => LoopStatus[] };
  /** The service's loop status for processes that do not run its loops (written by `app serve`). */
  loopBoard: LoopBoard;
  /** Uniform in [0, 1): jitter and the loops' choices (seeded in simulations). */
  random: () => number;
  /** The config file as live settings (GET/PATCH /api/settings); given by the runner that loaded the config. */
  settings?: SettingsStore;
  /** Writing posts and their metrics back into the notes they came from. */
  loopBack: LoopBackDeps;
  /** Notes from content sources (sources, notes, fragments, problems, seeds). */
  notes: NoteStore;
  /** The note sources of this process (run by `app serve`), and the ingest API's manual source. */
  sources: SourcesManager;
  /** What operations may use (no database handle, no platform write port, no raw transport). */
  forOperations: OperationDeps;
  /** What the loops may use. */
  forLoops: LoopDeps;
}

export interface App {
  deps: AppDeps;
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
}

/** The platform login as the status tools report it (the scraper needs none). */
function loginState(social: SocialBackend): LoginState {
  if (!social.tokens) return { state: 'not_needed', scopes: [] };
  const health = social.tokens.health();
  if ('message' in health) return { state: health.state, message: health.message, scopes: [] };
  return {
    state: health.state,
    scopes: health.scopes,
    expiresAt: health.expiresAt,
    userId: social.tokens.userId(),
  };
}

/** Why the platform cannot be written to right now, if anything stops it. */
function postingBlocker(social: SocialBackend): AppError | undefined {
  if (!social.capabilities.mutations_available) {
    return new AppError(
      'scraper_mutation_blocked',
      'the scraper backend is read-only (scraper_allow_mutations = false)',
    );
  }
  const health = social.tokens?.health();
  if (health && (health.state === 'missing' || health.state === 'invalid' || health.state === 'dead')) {
    return new AppError('social_not_configured', `cannot post: ${health.message}`);
  }
  return undefined;
}

/** The database; one the config names and that cannot be opened is that key's problem (exit 2). */
function openConfiguredDatabase(path: string, named: boolean): AppDatabase {
  try {
    return openDatabase({ path });
  } catch (error) {
    if (!named || !isAppError(error) || error.code !== 'db_error') throw error;
    throw new AppError('validation_error', `storage.db_path: ${error.message}`, { cause: error });
  }
}

export function createApp(options: CreateAppOptions): App {
  const { logger } = options;
  // What applies only at start (paths, the platform client, the database) reads `config`; everything that
  // applies live reads `cfg()`, which `setConfig` moves to a reloaded file (see RESTART_REQUIRED_SETTINGS).
  const config = options.config;
  let current = options.config;
  const cfg = (): Readonly<Config> => current;
  const paths = dataPaths(config, options.dataDir, options.env);
  const database = openConfiguredDatabase(paths.dbPath, config.storage.db_path !== undefined);
  const clock = options.clock ?? systemClock;
  const accountId = DEFAULT_ACCOUNT_ID;
  const apiUsage = new ApiUsageRepository(database, accountId, clock);
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
  const wakePosting: AppDeps['wakePosting'] = {};
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
  const connectors = createConnectors({ ...options, config: cfg, database, accountId, clock });
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
    wakePosting: () => wakePosting.current?.(),
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
      }),
  });
  content.runApprovedTool = (item, payload) => gateway.executeApproved(item, payload);
  const loops: AppDeps['loops'] = {};
  const status: StatusDeps = {
    loops: () => loops.status?.(),
    get mode() {
      return cfg().mode;
    },
    get approvalMode() {
      return effectiveApprovalMode(cfg());
    },
    provider: social.capabilities,
    login: () => loginState(social),
    llmProblem: () => llmConfigProblem(cfg().llm)?.message,
    pingDatabase: () => database.sqlite.prepare('select 1').get(),
    get caps() {
      const { limits } = cfg();
      return {
        replies: limits.max_replies_per_day,
        tweets: limits.max_tweets_per_day,
        threads: limits.max_threads_per_week,
      };
    },
    usage: async () => {
      const { dayStart, weekStart } = capWindows(clock.now(), cfg().schedule.timezone);
      const [tweetsToday, repliesToday, threadsThisWeek] = await Promise.all([
        posting.countPosts(['tweet', 'quote'], dayStart),
        posting.countPosts(['reply'], dayStart),
        posting.countThreads(weekStart),
      ]);
      return { tweetsToday, repliesToday, threadsThisWeek };
    },
    mutationsThisHour: () => ({
      used: mutations.usage('mcp_mutation', 3600, clock.now()).count,
      max: cfg().mcp_policy.max_mutations_per_hour,
    }),
  };
  const base: Omit<AppDeps, 'forOperations' | 'forLoops'> = {
    config,
    paths,
    database,
    logger,
    clock,
    version: packageVersion(),
    webRoot: packagePath('dist', 'web'),
    accountId,
    apiUsage,
    social,
    media,
    content,
    publisher,
    assist,
    gateway,
    telemetry: new TelemetryRepository(database, accountId),
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
    }),
    status,
    wakePosting,
    loops,
    loopBoard: new LoopBoardRepository(database, accountId),
    random: options.random ?? Math.random,
    settings: options.settings,
    notes,
    sources,
    loopBack,
  };
  const forOperations = operationDepsOf(base, { config: cfg, loopStatus: () => loops.status?.() });
  const deps: AppDeps = {
    ...base,
    forOperations,
    forLoops: loopDepsOf(base, forOperations, { config: cfg }),
  };
  // Every reader of `deps.config` (faces, loops) sees the live config.
  Object.defineProperty(deps, 'config', { get: cfg, enumerable: true });
  return {
    deps,
    setConfig(next) {
      current = next;
    },
    close: async () => {
      deps.telemetry.flush();
      await database.close();
    },
  };
}
