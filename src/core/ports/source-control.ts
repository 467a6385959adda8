// What the notes services ask of the running sources (started by `app serve`): rescan one now, ingest
// named files of the first local folder, and which source keeps the notes of the ingest API.
import type { UpsertOutcome } from './note-sink.js';

export interface HintOutcome {
  relativePath: string;
  outcome?: UpsertOutcome;
  error?: string;
}

export interface SourceControl {
  /** The source the ingest API stores notes in (created on first use). */
  manualSourceId(): Promise<number>;
  /** A full pass of a running source now; false when that source is not running in this process. */
  rescan(sourceId: number, options?: { force?: boolean }): Promise<boolean>;
  /** Ingests these paths of the first local folder source; undefined when there is none running. */
  ingestHints(relativePaths: readonly string[]): Promise<HintOutcome[] | undefined>;
  /**
   * Whether posts made from this source's notes are written back into them, and why not; `metrics` says
   * whether their engagement is synced into the note too (analytics_sync_enabled).
   */
  loopBack(
    sourceId: number,
  ): Promise<{ enabled: boolean; reason: string | null; root?: string; metrics?: boolean }>;
}
