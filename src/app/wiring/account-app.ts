// One account's parts over the store the service shares: its repositories, platform client, gateway,
// publisher, content sources and loops, built by createApp once per account of the config.
import { randomUUID } from 'node:crypto';
import type { Config } from '../../contracts/config/config.js';
import { effectiveApprovalMode } from '../../core/domain/config-rules.js';
import type { GuardSettings } from '../../core/domain/posting-guards.js';
import { ENDPOINT_ACTIONS } from '../../core/gateway/endpoint-actions.js';
import { MEDIA_ACTIONS } from '../../core/gateway/media-actions.js';
import { MutationGateway } from '../../core/gateway/mutation-gateway.js';
import { PLATFORM_ACTIONS } from '../../core/gateway/platform-actions.js';
import type { PublisherDeps } from '../../core/gateway/publisher-deps.js';
import type { Clock } from '../../core/ports/clock.js';
import { createSignal } from '../../core/ports/signal.js';
import type { TurnDispatch } from '../../core/ports/turn-dispatch.js';
import { createAccountProfiles } from '../../core/services/account/account-profiles.js';
import type { ContentDeps } from '../../core/services/content-deps.js';
import { type LoopBackDeps, loopBackPosted } from '../../core/services/sources/loop-back.js';
import { accountDataPaths, type DataPaths } from '../../infra/config/config-paths.js';
import { confineUploadPath } from '../../infra/media/confine-upload-path.js';
import { inspectMediaFile } from '../../infra/media/inspect-media-file.js';
import { MediaStore } from '../../infra/media/media-store.js';
import { packagePath, packageVersion } from '../../infra/package-root.js';
import { createActorScope } from '../../infra/process/actor-scope.js';
import { createBrowserLogin } from '../../infra/social/browser-login.js';
import { createSocialBackend } from '../../infra/social/create-social-backend.js';
import { EndpointCaller } from '../../infra/social/endpoint-caller.js';
import { createPictureDownload } from '../../infra/social/profile-picture-download.js';
import { createNoteWriter } from '../../infra/sources/loop-back/note-writer.js';
import { AccountProfileRepository } from '../../infra/sqlite/repositories/account-profile-repository.js';
import { AccountRepository } from '../../infra/sqlite/repositories/account-repository.js';
import { AnalyticsWriterRepository } from '../../infra/sqlite/repositories/analytics-writer-repository.js';
import { ApiUsageRepository } from '../../infra/sqlite/repositories/api-usage-repository.js';
import { ApprovalRepository } from '../../infra/sqlite/repositories/approval-repository.js';
import { CalendarRepository } from '../../infra/sqlite/repositories/calendar-repository.js';
import { DraftRepository } from '../../infra/sqlite/repositories/draft-repository.js';
import { LeaseRepository } from '../../infra/sqlite/repositories/lease-repository.js';
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
import { accountConfig, accountSettings } from './account-live.js';
import { createAnalyticsDeps } from './analytics-deps.js';
import type { AccountDirectory, AppDeps } from './app-deps.js';
import type { AccountApp, CreateAppOptions } from './app-types.js';
import { createAssistDeps } from './assist-deps.js';
import { createConnectors } from './connectors.js';
import { createDiscoveryDeps } from './discovery-deps.js';
import { platformUserClaim } from './login-claim.js';
import { loopDepsOf } from './loop-deps-of.js';
import { createLoopScheduler } from './loop-scheduler.js';
import { operationDepsOf } from './operation-deps-of.js';
import { accountLogin, loginState, postingBlocker } from './platform-state.js';
import { createSourcesManager } from './sources-manager.js';
import { statusDeps } from './status-deps.js';
import { allowedUploadDirs } from './upload-dirs.js';

/** What every account of one process shares: the database, the clock, the log and the live config. */
export interface Shared {
  options: CreateAppOptions;
  paths: DataPaths;
  database: Store;
  clock: Clock;
  /** This process, as it marks the posting jobs it claims (one owner for all its accounts). */
  owner: string;
  /** Whether the process behind another claim is gone (SQLite: its pid on this host; Postgres: its heartbeat). */
  ownerGone: PublisherDeps['ownerGone'];
  /** Postgres: where an account's loop turns are planned (the job engine), so any process may take them. */
  dispatch?: (accountId: string) => TurnDispatch;
  /** The live config of the whole service (the default account's settings are its global sections). */
  cfg: () => Readonly<Config>;
}

export function createAccountApp(
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
    locks: new LeaseRepository(database, accountId, clock),
    // The gateway is built below; an approved tool call runs through it.
    runApprovedTool: (item, payload) => gateway.executeApproved(item, payload),
  };
  let me: string | undefined;
  const { owner } = shared;
  const publisher: PublisherDeps = {
    owner,
    ownerGone: shared.ownerGone,
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
  const dispatch = shared.dispatch?.(accountId);
  const scheduler = createLoopScheduler(deps, logger, {
    ...(options.loops ?? { autopilot: false }),
    ...(dispatch ? { dispatch } : {}),
  });
  return {
    ...account,
    deps,
    loops: scheduler.loops,
    startLoops: () => scheduler.loops.start(scheduler.startNames),
    startedLoops: scheduler.startNames ?? scheduler.loops.status().map(({ name }) => name),
  };
}
