// Builds what operations may use (operations/operation-deps.ts) from the app's parts: the database handle,
// the platform write port and the raw transport stay with the gateway and the runners.
import type { Config } from '../../contracts/config/config.js';
import type { LoopStatus } from '../../contracts/runtime-status.js';
import { effectiveConfig, maskConfig, ownAccountTables } from '../../infra/config/config-view.js';
import { createLlm } from '../../infra/llm/create-llm.js';
import { readOnlyEndpoints } from '../../infra/social/read-only-endpoints.js';
import type { OperationDeps } from '../../operations/operation-deps.js';
import { databaseBackups } from '../local-data.js';
import { accountAdminDeps } from './account-admin-deps.js';
import type { AppDeps } from './app-deps.js';

export function operationDepsOf(
  deps: Omit<AppDeps, 'forOperations' | 'forLoops'>,
  live: { config: () => Readonly<Config>; loopStatus: () => Promise<LoopStatus[] | undefined> },
): OperationDeps {
  const { social, endpoints, publisher, paths } = deps;
  return {
    get config() {
      return live.config();
    },
    paths,
    clock: deps.clock,
    content: deps.content,
    assist: deps.assist,
    gateway: deps.gateway,
    analytics: deps.analytics,
    calendar: deps.calendar,
    discovery: deps.discovery,
    notes: deps.notes,
    sources: deps.sources,
    connectors: deps.connectors,
    platformLink: deps.platformLink,
    status: deps.status,
    telemetry: deps.telemetry,
    ...(deps.settings ? { settings: deps.settings } : {}),
    ...(deps.settings
      ? {
          accountAdmin: accountAdminDeps({
            database: deps.database,
            dataDir: paths.dataDir,
            clock: deps.clock,
            config: live.config,
            tables: deps.settings.accounts,
            running: {
              names: () => deps.accounts.list().map((account) => account.name),
              retire: (name) => deps.accounts.retire(name),
            },
            actingAs: deps.accountName,
          }),
        }
      : {}),
    loopStatus: live.loopStatus,
    // `[storage] url` needs a restart: the store the service started on.
    backups: databaseBackups(paths, {}, { storageUrl: live.config().storage.url }),
    connectLlm: (llm) => createLlm({ ...live.config(), llm }),
    configView: () => {
      const own = ownAccountTables(live.config(), deps.accountName);
      const { paths: _paths, ...view } = effectiveConfig(own, paths.dataDir, {});
      view.storage.db_path = paths.dbPath;
      return maskConfig(view) as Record<string, unknown>;
    },
    social: { read: social.read, capabilities: social.capabilities },
    accountProfiles: deps.accountProfiles,
    ...(endpoints ? { endpointReads: readOnlyEndpoints(endpoints) } : {}),
    meId: () => publisher.meId().catch(() => undefined),
    actorScope: deps.actors,
  };
}
