// The app's parts, as the composition root builds them and the faces read them (src/surfaces); what
// operations and loops may use is narrower (forOperations, forLoops).

import type { LoopDeps } from '../../automation/loop-deps.js';
import type { Config } from '../../contracts/config/config.js';
import type { MutationGateway } from '../../core/gateway/mutation-gateway.js';
import type { PublisherDeps } from '../../core/gateway/publisher-deps.js';
import type { ActorScope } from '../../core/ports/actor-scope.js';
import type { AnalyticsWriter } from '../../core/ports/analytics-writer.js';
import type { CalendarStore } from '../../core/ports/calendar-store.js';
import type { Clock } from '../../core/ports/clock.js';
import type { LoopBoard } from '../../core/ports/loop-board.js';
import type { NoteStore } from '../../core/ports/note-store.js';
import type { PlatformLink } from '../../core/ports/platform-link.js';
import type { SettingsStore } from '../../core/ports/settings-store.js';
import type { Signal } from '../../core/ports/signal.js';
import type { SocialEndpoints } from '../../core/ports/social-endpoints.js';
import type { AccountProfiles } from '../../core/services/account/account-profiles.js';
import type { AssistDeps } from '../../core/services/assist/assist-deps.js';
import type { ContentDeps } from '../../core/services/content-deps.js';
import type { LoopBackDeps } from '../../core/services/sources/loop-back.js';
import type { StatusDeps } from '../../core/services/status/status-deps.js';
import type { DataPaths } from '../../infra/config/config-paths.js';
import type { Logger } from '../../infra/logging/create-logger.js';
import type { MediaStore } from '../../infra/media/media-store.js';
import type { SocialBackend } from '../../infra/social/create-social-backend.js';
import type { ApiUsageRepository } from '../../infra/sqlite/repositories/api-usage-repository.js';
import type { MutationRepository } from '../../infra/sqlite/repositories/mutation-repository.js';
import type { TelemetryRepository } from '../../infra/sqlite/repositories/telemetry-repository.js';
import type { Store } from '../../infra/storage/store.js';
import type { OperationDeps } from '../../operations/operation-deps.js';
import type { AnalyticsDeps } from './analytics-deps.js';
import type { AppConnectors } from './connectors.js';
import type { DiscoveryDeps } from './discovery-deps.js';
import type { SourcesManager } from './sources-manager.js';

/** The service's accounts as a face reaches them: each one's parts, found by its name in the config. */
export interface AccountDirectory {
  /** Every account, the default one first. */
  list(): ReadonlyArray<{ name: string; id: string; isDefault: boolean; deps: AppDeps }>;
  /** The parts of the account of that name, or undefined when the config has none. */
  get(name: string): AppDeps | undefined;
  /**
   * Stops a removed account at once: its loops and sources stop, and it leaves `list` and `get` (requests
   * naming it are 404s). Never the default account; a name it does not run is a no-op.
   */
  retire(name: string): Promise<void>;
}

export interface AppDeps {
  config: Readonly<Config>;
  paths: DataPaths;
  database: Store;
  logger: Logger;
  clock: Clock;
  version: string;
  /** The dashboard's build output (`dist/web` in the package). */
  webRoot: string;
  accountId: string;
  /** This account's name in the config (`default_account`, else `default`, for the default one). */
  accountName: string;
  /** Every account of the service (the same directory in each account's deps). */
  accounts: AccountDirectory;
  apiUsage: ApiUsageRepository;
  /** Who runs the code at hand (loops, operations); the platform call recorder reads it. */
  actors: ActorScope;
  social: SocialBackend;
  /** The signed-in account's name, handle and picture, kept and read again when stale. */
  accountProfiles: AccountProfiles;
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
  /** Fired when a post is queued to go now: the posting queue's next turn starts at once. */
  postingWake: Signal;
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
