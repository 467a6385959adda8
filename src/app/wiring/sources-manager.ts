// The running note sources of the service: one runner per enabled `[[content_sources.sources]]` entry the
// deployment mode allows, each reporting to the one ingest pipeline. Started and stopped with `app serve`,
// and restarted when the sources or the deployment mode change in the config (no restart of the service).
import type { Config } from '../../contracts/config/config.js';
import type { ContentSource } from '../../contracts/config/content-sources.js';
import { runnableSources } from '../../core/domain/config-rules.js';
import { sourceEntryProblems } from '../../core/domain/source-entry-rules.js';
import type { Clock } from '../../core/ports/clock.js';
import type { SourceRunner } from '../../core/ports/note-sink.js';
import type { NoteStore } from '../../core/ports/note-store.js';
import type { HintOutcome, SourceControl } from '../../core/ports/source-control.js';
import { createNoteSink } from '../../core/services/sources/note-sink.js';
import { expandHome } from '../../infra/config/config-paths.js';
import { createSourcePathResolver } from '../../infra/config/source-path-resolver.js';
import type { Logger } from '../../infra/logging/create-logger.js';
import { createLocalFolderRunner, type LocalFolderRunner } from '../../infra/sources/local-folder-runner.js';

const RESCAN_MS = 5 * 60_000;
const MANUAL_KEY = 'manual';

export interface SourcesManagerDeps {
  notes: NoteStore;
  /**
   * The live config: loop-back decisions follow it even in a process that runs no sources (a post made
   * from notes may go out through the tool server's posting queue).
   */
  config?: () => Readonly<Config>;
  clock: Clock;
  logger: Logger;
  env?: Record<string, string | undefined>;
  /** The data dir: never a source, never walked into (it holds the tokens and the config). */
  dataDir?: string;
  /** Builds the runner of a cloud drive entry (absent: drive entries are reported as unavailable). */
  driveRunner?: (
    source: ContentSource,
    sink: ReturnType<typeof createNoteSink>,
    sourceId: number,
  ) => SourceRunner;
  /** Why loop-back cannot write into this kind of source (drive: read-only). */
  driveLoopBackReason?: string;
}

interface Running {
  sourceId: number;
  entry: ContentSource;
  runner: SourceRunner;
  root?: string;
}

export interface SourcesManager extends SourceControl {
  start(config: Readonly<Config>): Promise<void>;
  stop(): Promise<void>;
  /** Restarts the runners when the sources or the deployment mode differ from what runs. */
  apply(config: Readonly<Config>): Promise<void>;
}

/** A config entry's identity: editing its options keeps its notes; pointing it elsewhere is a new source. */
export function sourceKey(entry: ContentSource, env?: Record<string, string | undefined>): string {
  if (entry.source_type === 'local_fs') return `local_fs:${expandHome(entry.path ?? '', env)}`;
  const account =
    entry.connection_id !== undefined
      ? `connection:${entry.connection_id}`
      : `key:${entry.service_account_key ?? ''}`;
  return `cloud_drive:${account}:${entry.folder_id ?? 'root'}`;
}

const watched = (config: Readonly<Config>) =>
  JSON.stringify({ sources: config.content_sources.sources, mode: config.deployment_mode });

export function createSourcesManager(deps: SourcesManagerDeps): SourcesManager {
  const running = new Map<number, Running>();
  let current: string | undefined;
  let configured: Readonly<Config> | undefined;

  const paths = () => createSourcePathResolver({ env: deps.env, dataDir: deps.dataDir });
  /** Why this entry may not be read (a system or secret location, the data dir, patterns that are not notes). */
  const refusal = (entry: ContentSource): string | undefined => {
    const problems = sourceEntryProblems(entry, paths());
    return problems.length > 0 ? problems.map((p) => `${p.key}: ${p.message}`).join('; ') : undefined;
  };

  const manualSourceId = async () =>
    (
      await deps.notes.ensureSource(
        { source_type: 'manual', source_key: MANUAL_KEY, config: {} },
        deps.clock.now(),
      )
    ).id;

  function runnerFor(
    entry: ContentSource,
    sourceId: number,
  ): Omit<Running, 'sourceId' | 'entry'> | undefined {
    const sink = createNoteSink(deps, sourceId);
    if (entry.source_type === 'local_fs') {
      const root = expandHome(entry.path ?? '', deps.env);
      const data = paths().dataDir;
      const runner = createLocalFolderRunner({
        root,
        patterns: entry.file_patterns,
        // Checked again at every scan: the folder (or a link on its way) may be pointed elsewhere later.
        refuse: () => refusal(entry),
        exclude: data ? [data.written, data.real] : [],
        watch: entry.watch && entry.change_detection === 'auto',
        rescanMs: entry.change_detection === 'none' ? 0 : RESCAN_MS,
        sink,
        logger: deps.logger,
      });
      return { runner, root };
    }
    if (!deps.driveRunner) {
      void sink.problem('', 'cloud drive sources are not available in this build');
      return undefined;
    }
    return { runner: deps.driveRunner(entry, sink, sourceId) };
  }

  async function startAll(config: Readonly<Config>): Promise<void> {
    configured = config;
    current = watched(config);
    const now = deps.clock.now();
    const { runnable, skipped } = runnableSources(config);
    for (const { source, reason } of skipped) {
      const record = await deps.notes.ensureSource(
        { source_type: source.source_type, source_key: sourceKey(source, deps.env), config: source },
        now,
      );
      await deps.notes.setSourceState(
        record.id,
        {
          status: reason === 'disabled' ? 'disabled' : 'skipped',
          error_message: reason === 'disabled' ? null : reason,
        },
        now,
      );
      if (reason !== 'disabled')
        deps.logger.warn({ source: sourceKey(source, deps.env) }, `content source skipped: ${reason}`);
    }
    // A source taken out of the config stops and says so, and its notes leave search and generation (a
    // folder whose path changed would otherwise be there twice). They are marked gone, not deleted: a
    // re-added source finds them, and provenance still explains what they were.
    const keys = new Set(config.content_sources.sources.map((source) => sourceKey(source, deps.env)));
    for (const record of await deps.notes.sources()) {
      if (record.source_type === 'manual' || keys.has(record.source_key) || record.status === 'disabled')
        continue;
      await deps.notes.atomically(async () => {
        await deps.notes.markGone(record.id, { keep: new Set() }, now);
        await deps.notes.setSourceState(
          record.id,
          { status: 'disabled', error_message: 'no longer in the config' },
          now,
        );
      });
    }
    for (const { source } of runnable) {
      const record = await deps.notes.ensureSource(
        { source_type: source.source_type, source_key: sourceKey(source, deps.env), config: source },
        now,
      );
      if (running.has(record.id)) continue;
      const refused = refusal(source);
      if (refused) {
        // The file is the owner's and still loads, but this entry reads nothing; whatever it read before
        // (an older version did not refuse it) leaves search and the notes API.
        await deps.notes.atomically(async () => {
          await deps.notes.markGone(record.id, { keep: new Set() }, now);
          await deps.notes.setSourceState(record.id, { status: 'disabled', error_message: refused }, now);
        });
        deps.logger.warn({ source: record.source_key }, `content source disabled: ${refused}`);
        continue;
      }
      const built = runnerFor(source, record.id);
      if (!built) continue;
      running.set(record.id, { sourceId: record.id, entry: source, ...built });
      // A source that cannot start (a missing folder) reports it on its status; the others still start.
      await built.runner.start().catch((error: unknown) => {
        deps.logger.warn({ err: error, source: record.source_key }, 'content source failed to start');
      });
    }
  }

  async function stopAll(): Promise<void> {
    const all = [...running.values()];
    running.clear();
    await Promise.all(all.map((r) => r.runner.stop().catch(() => undefined)));
  }

  return {
    start: startAll,
    stop: stopAll,
    async apply(config) {
      if (watched(config) === current) {
        configured = config;
        return;
      }
      await stopAll();
      await startAll(config);
    },
    manualSourceId,
    async rescan(sourceId, options) {
      const run = running.get(sourceId);
      if (!run) return false;
      await run.runner.rescan(options);
      return true;
    },
    async ingestHints(relativePaths): Promise<HintOutcome[] | undefined> {
      const local = [...running.values()].find((r) => r.entry.source_type === 'local_fs');
      if (!local) return undefined;
      return (local.runner as LocalFolderRunner).ingestPaths(relativePaths);
    },
    async loopBack(sourceId) {
      const record = await deps.notes.source(sourceId);
      if (!record) return { enabled: false, reason: 'unknown source' };
      if (record.source_type === 'manual')
        return { enabled: false, reason: 'notes sent through the ingest API have no file' };
      if (record.source_type === 'cloud_drive') {
        return { enabled: false, reason: deps.driveLoopBackReason ?? 'the cloud drive is read-only' };
      }
      const entry = ((deps.config?.() ?? configured)?.content_sources.sources ?? []).find(
        (s) => s.source_type === 'local_fs' && sourceKey(s, deps.env) === record.source_key,
      );
      if (!entry) return { enabled: false, reason: 'the folder is no longer a configured source' };
      if (entry.loop_back_enabled === false) return { enabled: false, reason: 'loop_back_enabled = false' };
      return {
        enabled: true,
        reason: null,
        root: expandHome(entry.path ?? '', deps.env),
        metrics: entry.analytics_sync_enabled,
      };
    },
  };
}
