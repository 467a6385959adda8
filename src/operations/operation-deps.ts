// What an operation may use, declared here in the operations' own layer (the app builds it): the services'
// dependencies, the gateway (the one door for every mutation), the platform's read port and read-only
// endpoint access. Never the database handle, the platform write port or the raw transport: writes reach the
// platform only through the gateway.
import type { Config } from '../contracts/config/config.js';
import type { DataPaths } from '../contracts/data-paths.js';
import type { LoopStatus } from '../contracts/runtime-status.js';
import type { ProviderCapabilities } from '../contracts/social.js';
import type { MutationGateway } from '../core/gateway/mutation-gateway.js';
import type { ActorScope } from '../core/ports/actor-scope.js';
import type { AnalyticsStores } from '../core/ports/analytics-stores.js';
import type { DatabaseBackups } from '../core/ports/backups.js';
import type { CalendarStore } from '../core/ports/calendar-store.js';
import type { Clock } from '../core/ports/clock.js';
import type { Llm } from '../core/ports/llm.js';
import type { NoteStore } from '../core/ports/note-store.js';
import type { PlatformLink } from '../core/ports/platform-link.js';
import type { SettingsStore } from '../core/ports/settings-store.js';
import type { SocialRead } from '../core/ports/social.js';
import type { SocialEndpoints } from '../core/ports/social-endpoints.js';
import type { SourceControl } from '../core/ports/source-control.js';
import type { TelemetryRecorder } from '../core/ports/telemetry-store.js';
import type { AccountProfiles } from '../core/services/account/account-profiles.js';
import type { AccountAdminDeps } from '../core/services/accounts/account-admin-deps.js';
import type { AssistDeps } from '../core/services/assist/assist-deps.js';
import type { CloudDriveConnector } from '../core/services/connectors/cloud-drive-connector.js';
import type { ContentDeps } from '../core/services/content-deps.js';
import type { DiscoveryStores } from '../core/services/discovery/discovery-stores.js';
import type { StatusDeps } from '../core/services/status/status-deps.js';

export interface OperationDeps {
  /** The config in force (live: a reloaded file moves it). */
  readonly config: Readonly<Config>;
  paths: DataPaths;
  clock: Clock;
  content: ContentDeps;
  assist: AssistDeps;
  /** The one door for mutations (policy, safety rules, idempotency, audit). */
  gateway: MutationGateway;
  analytics: AnalyticsStores;
  calendar: CalendarStore;
  discovery: DiscoveryStores;
  notes: NoteStore;
  /** The running note sources of this process (rescan, ingest hints, loop-back). */
  sources: SourceControl;
  connectors: { cloudDrive: CloudDriveConnector };
  /** The platform login from the dashboard (Connect account). */
  platformLink: PlatformLink;
  status: StatusDeps;
  telemetry: Pick<TelemetryRecorder, 'flush'>;
  /** The config file as live settings (GET/PATCH /api/settings); absent where no process owns the file. */
  settings?: SettingsStore;
  /** The service's accounts (add, rename, remove); absent where no process owns the config file. */
  accountAdmin?: AccountAdminDeps;
  /** The loops' status as this process sees it (its own, or the service's from the loop board). */
  loopStatus(): Promise<LoopStatus[] | undefined>;
  /** The database's verified backups in `<data dir>/backups`. */
  backups: DatabaseBackups;
  /** The production LLM over an `[llm]` section (the settings' "Test connection"). */
  connectLlm(llm: Config['llm']): Llm;
  /** The effective config as `get_config` answers it: defaults filled in, paths resolved, secrets masked. */
  configView(): Record<string, unknown>;
  social: { read: SocialRead; capabilities: ProviderCapabilities };
  /** The signed-in account's name, handle and picture (kept; read from the platform when stale). */
  accountProfiles: AccountProfiles;
  /** Declared platform endpoints for reads (GET only; absent for the scraper backend). */
  endpointReads?: SocialEndpoints;
  /** The signed-in account's id (self-reply checks), when a login exists. */
  meId(): Promise<string | undefined>;
  /** Runs an operation as its actor, so the platform calls it makes are attributed (absent: unattributed). */
  actorScope?: ActorScope;
}
