// Wires the cloud drive connector: connections sealed with <data dir>/connector.key, the OAuth client of
// the live `[connectors.cloud_drive]` settings, the link flow's pending states, and the runner factory the
// note sources use for cloud_drive entries.
import { join } from 'node:path';
import type { Config } from '../../contracts/config/config.js';
import type { ContentSource } from '../../contracts/config/content-sources.js';
import { driveTokenOrigins } from '../../core/domain/token-origins.js';
import type { Clock } from '../../core/ports/clock.js';
import type { NoteSink, SourceRunner } from '../../core/ports/note-sink.js';
import type { SettingsStore } from '../../core/ports/settings-store.js';
import {
  type CloudDriveConnector,
  createCloudDriveConnector,
} from '../../core/services/connectors/cloud-drive-connector.js';
import { PendingLinks } from '../../core/services/connectors/connector-deps.js';
import { boundToOrigins } from '../../core/services/connectors/usable-grant.js';
import type { Logger } from '../../infra/logging/create-logger.js';
import { SecretBox } from '../../infra/security/secret-box.js';
import { createDriveSource, DRIVE_LOOP_BACK_REASON } from '../../infra/sources/drive/create-drive-source.js';
import { DriveHttp } from '../../infra/sources/drive/drive-http.js';
import { DriveOAuth, driveOAuthSettings } from '../../infra/sources/drive/drive-oauth.js';
import { ConnectionRepository } from '../../infra/sqlite/repositories/connection-repository.js';
import type { Store } from '../../infra/storage/store.js';

export interface AppConnectors {
  /** The dashboard's link flow and the linked accounts (HTTP routes under /api/connectors/cloud-drive). */
  cloudDrive: CloudDriveConnector;
  /** The runner of one cloud_drive source entry, reporting to its sink. */
  driveRunner(source: ContentSource, sink: NoteSink): SourceRunner;
  /** Why notes from the drive are never written back (loop-back is for local folders). */
  driveLoopBackReason: string;
}

export interface ConnectorsOptions {
  /** The live config (connector settings apply without a restart). */
  config: () => Readonly<Config>;
  dataDir: string;
  database: Store;
  accountId: string;
  clock: Clock;
  logger: Logger;
  env?: Record<string, string | undefined>;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** The config file as settings (absent in processes that do not own it). */
  settings?: SettingsStore;
}

/** Where the consent page sends the browser back when `redirect_uri` is not set: this server's callback. */
export function defaultRedirectUri(config: Readonly<Config>): string {
  const { host, port } = config.server;
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}/api/connectors/cloud-drive/callback`;
}

export function createConnectors(options: ConnectorsOptions): AppConnectors {
  const { config, clock, logger } = options;
  const origins = () => driveTokenOrigins(config().connectors.cloud_drive);
  // A linked account's token goes only where it was linked: the link flow and the drive sources alike.
  const connections = boundToOrigins(
    new ConnectionRepository(
      options.database,
      options.accountId,
      new SecretBox(join(options.dataDir, 'connector.key')),
      clock,
    ),
    origins,
  );
  const retries = {
    clock,
    ...(options.sleep ? { sleep: options.sleep } : {}),
    ...(options.random ? { random: options.random } : {}),
  };
  const cloudDrive = createCloudDriveConnector({
    connections,
    clock,
    logger,
    pending: new PendingLinks(),
    ...(options.settings ? { settings: options.settings } : {}),
    origins,
    provider: () => {
      const settings = driveOAuthSettings(config().connectors.cloud_drive, defaultRedirectUri(config()));
      return 'missing' in settings ? settings : new DriveOAuth(settings, new DriveHttp(retries));
    },
  });
  return {
    cloudDrive,
    driveRunner: (source, sink) =>
      createDriveSource(
        {
          connector: () => config().connectors.cloud_drive,
          connections,
          clock,
          logger,
          ...(options.env ? { env: options.env } : {}),
          ...(options.sleep ? { sleep: options.sleep } : {}),
          ...(options.random ? { random: options.random } : {}),
        },
        source,
        sink,
      ),
    driveLoopBackReason: DRIVE_LOOP_BACK_REASON,
  };
}
