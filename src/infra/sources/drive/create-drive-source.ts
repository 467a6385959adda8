// Builds the runner of one `[[content_sources.sources]]` cloud_drive entry: its credentials (a linked
// connection's refresh token, or the legacy service-account key; `connection_id` wins when both are set),
// the HTTP client on the configured hosts, and the runner reporting to the entry's sink.
import type { ContentSource } from '../../../contracts/config/content-sources.js';
import { AppError } from '../../../core/errors.js';
import type { Clock } from '../../../core/ports/clock.js';
import type { ConnectionStore } from '../../../core/ports/connections.js';
import type { NoteSink } from '../../../core/ports/note-sink.js';
import { expandHome } from '../../config/config-paths.js';
import { AccessTokens } from './access-tokens.js';
import { DriveApi } from './drive-api.js';
import { isGrantRefused } from './drive-errors.js';
import { DriveHttp, Lifetime } from './drive-http.js';
import {
  type AccessGrant,
  type CloudDriveConnectorConfig,
  DriveOAuth,
  driveOAuthSettings,
} from './drive-oauth.js';
import { createDriveRunner, type DriveSourceRunner, type Timers } from './drive-source-runner.js';
import { readServiceAccountKey, serviceAccountGrant } from './service-account.js';

/** Why posts are never written back into drive notes (loop-back): the integration is read-only. */
export const DRIVE_LOOP_BACK_REASON =
  'the cloud drive is read-only: publish metadata is written back into local_fs notes only';

export interface DriveSourceDeps {
  /** The live `[connectors.cloud_drive]` settings. */
  connector: () => CloudDriveConnectorConfig;
  connections: ConnectionStore;
  clock: Clock;
  logger: { warn(obj: object, msg: string): void };
  /** For `~` in `service_account_key`. */
  env?: Record<string, string | undefined>;
  timers?: Timers;
  /** Back-off waits between retries of one request (tests pass a no-op). */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  pageSize?: number;
  timeoutMs?: number;
}

/** Access through a linked connection: its stored refresh token, refused → the connection is expired. */
function connectionGrant(deps: DriveSourceDeps, http: DriveHttp, id: number): () => Promise<AccessGrant> {
  return async () => {
    const connection = await deps.connections.get(id);
    if (!connection) {
      throw new AppError(
        'not_found',
        `cloud drive: connection ${id} does not exist (disconnected?); link the drive again and set connection_id`,
      );
    }
    if (connection.status !== 'active') {
      const why = typeof connection.metadata.problem === 'string' ? `: ${connection.metadata.problem}` : '';
      throw new AppError(
        'social_auth_expired',
        `cloud drive: connection ${id} is ${connection.status}${why}; link the drive again`,
      );
    }
    const settings = driveOAuthSettings(deps.connector(), '');
    if ('missing' in settings) {
      throw new AppError(
        'validation_error',
        `cloud drive: [connectors.cloud_drive] ${settings.missing.join('/')} must be set to use connection ${id}`,
      );
    }
    // A key that no longer opens the grant marks the connection `error` (in the store) and lands here.
    const { refreshToken } = await deps.connections.grant(id);
    try {
      return await new DriveOAuth(settings, http).refresh(refreshToken);
    } catch (error) {
      if (isGrantRefused(error))
        await deps.connections.setStatus(id, 'expired', error.message, deps.clock.now());
      throw error;
    }
  };
}

/** The legacy service-account key, read at each grant so a fixed file is picked up without a restart. */
function keyFileGrant(deps: DriveSourceDeps, http: DriveHttp, path: string): () => Promise<AccessGrant> {
  return async () => {
    const key = readServiceAccountKey(expandHome(path, deps.env));
    return serviceAccountGrant(http, key, deps.connector().token_url, deps.clock);
  };
}

/** The runner of one cloud_drive entry, reporting to `sink`. */
export function createDriveSource(
  deps: DriveSourceDeps,
  source: ContentSource,
  sink: NoteSink,
): DriveSourceRunner {
  const lifetime = new Lifetime();
  const http = new DriveHttp({
    clock: deps.clock,
    lifetime,
    ...(deps.sleep ? { sleep: deps.sleep } : {}),
    ...(deps.random ? { random: deps.random } : {}),
    ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
  });
  const obtain =
    source.connection_id !== undefined
      ? connectionGrant(deps, http, source.connection_id)
      : source.service_account_key !== undefined
        ? keyFileGrant(deps, http, source.service_account_key)
        : async (): Promise<AccessGrant> => {
            throw new AppError(
              'validation_error',
              'cloud drive: this source needs connection_id (link the drive in Settings → Content sources) or service_account_key',
            );
          };
  const api = new DriveApi({
    http,
    baseUrl: deps.connector().api_base_url,
    tokens: new AccessTokens(obtain, deps.clock),
    ...(deps.pageSize ? { pageSize: deps.pageSize } : {}),
  });
  return createDriveRunner({
    api,
    sink,
    ...(source.folder_id ? { folderId: source.folder_id } : {}),
    patterns: source.file_patterns,
    pollIntervalSeconds: source.poll_interval_seconds,
    poll: source.change_detection !== 'none',
    logger: deps.logger,
    lifetime,
    ...(deps.timers ? { timers: deps.timers } : {}),
  });
}
