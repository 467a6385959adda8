// A drive source against the fake drive: real SQLite for the connection (its refresh token sealed with a
// key file in a temp dir), manual timers, recorded back-off waits and an in-memory sink.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_ACCOUNT_ID } from '../../src/contracts/account.js';
import {
  CloudDriveConnectorSchema,
  type ContentSource,
  ContentSourceSchema,
} from '../../src/contracts/config/content-sources.js';
import { createFakeClock, type SettableClock } from '../../src/infra/sandbox/social/clock.js';
import { SecretBox } from '../../src/infra/security/secret-box.js';
import { createDriveSource } from '../../src/infra/sources/drive/create-drive-source.js';
import type { DriveSourceRunner } from '../../src/infra/sources/drive/drive-source-runner.js';
import { type AppDatabase, openDatabase } from '../../src/infra/sqlite/open-database.js';
import { ConnectionRepository } from '../../src/infra/sqlite/repositories/connection-repository.js';
import { type FakeDrive, startFakeDrive } from '../fakes/drive/index.js';
import { ManualTimers } from '../support/manual-timers.js';
import { MemoryNoteSink } from '../support/memory-note-sink.js';

export interface DriveHarness {
  drive: FakeDrive;
  clock: SettableClock;
  dir: string;
  database: AppDatabase;
  connections: ConnectionRepository;
  /** A linked connection (its refresh token issued by the fake). */
  connectionId: number;
  refreshToken: string;
  timers: ManualTimers;
  sleeps: number[];
  warnings: string[];
  /** A runner of a cloud_drive entry (defaults: this connection, 60 s polls) with a fresh sink. */
  source(
    entry?: Partial<ContentSource>,
    pageSize?: number,
  ): { runner: DriveSourceRunner; sink: MemoryNoteSink };
  /** Starts the runner and runs its first pass. */
  firstPass(runner: DriveSourceRunner): Promise<void>;
  /** Runs whatever timer is waiting (the next poll) to its end. */
  nextPoll(runner: DriveSourceRunner): Promise<void>;
  /** Requests the fake saw since `from` (an index into drive.requests), as "METHOD path". */
  since(from: number): string[];
  close(): Promise<void>;
}

export async function startDriveHarness(): Promise<DriveHarness> {
  const clock = createFakeClock({ frozen: true, start: Date.parse('2026-11-22T12:00:00.000Z') });
  const appClock = { now: () => new Date(clock.now()) };
  const drive = await startFakeDrive({ clock });
  const dir = mkdtempSync(join(tmpdir(), 'drive-source-'));
  const database = openDatabase({ path: join(dir, 'app.db') });
  const connections = new ConnectionRepository(
    database,
    DEFAULT_ACCOUNT_ID,
    new SecretBox(join(dir, 'connector.key')),
    appClock,
  );
  const refreshToken = drive.auth.issueRefreshToken();
  const connection = await connections.create(
    {
      connectorType: 'cloud_drive',
      accountEmail: 'writer@example.com',
      displayName: 'Wren Writer',
      grant: { refreshToken },
      metadata: { scope: 'drive.readonly' },
    },
    appClock.now(),
  );
  const timers = new ManualTimers();
  const sleeps: number[] = [];
  const warnings: string[] = [];
  const connector = CloudDriveConnectorSchema.parse(drive.connectorConfig());
  return {
    drive,
    clock,
    dir,
    database,
    connections,
    connectionId: connection.id,
    refreshToken,
    timers,
    sleeps,
    warnings,
    source(entry = {}, pageSize = 2) {
      const sink = new MemoryNoteSink();
      const source = ContentSourceSchema.parse({
        source_type: 'cloud_drive',
        connection_id: connection.id,
        poll_interval_seconds: 60,
        ...entry,
      });
      const runner = createDriveSource(
        {
          connector: () => connector,
          connections,
          clock: appClock,
          logger: { warn: (_obj, message) => warnings.push(message) },
          env: { HOME: dir },
          timers,
          sleep: async (ms) => {
            sleeps.push(ms);
          },
          random: () => 0,
          pageSize,
        },
        source,
        sink,
      );
      return { runner, sink };
    },
    async firstPass(runner) {
      await runner.start();
      timers.fire();
      await runner.idle();
    },
    async nextPoll(runner) {
      timers.fire();
      await runner.idle();
    },
    since(from) {
      return drive.requests.slice(from).map((r) => `${r.method} ${r.path}`);
    },
    async close() {
      await database.close();
      await drive.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
