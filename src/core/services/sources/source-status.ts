// The sources as the dashboard and `app test` show them: where each reads from, its sync state, how many
// live notes and how many wait for the seed worker, every problem by path, and whether loop-back writes.
import type { SourceStatus } from '../../../contracts/notes.js';
import type { NoteStore, SourceRecord } from '../../ports/note-store.js';
import type { SourceControl } from '../../ports/source-control.js';

function location(source: SourceRecord): string {
  if (source.source_type === 'manual') return 'manual (ingest API)';
  if (source.source_type === 'local_fs') return source.source_key.replace(/^local_fs:/, '');
  const folder =
    typeof source.config.folder_id === 'string' ? `folder ${source.config.folder_id}` : 'whole drive';
  return `cloud drive, ${folder}`;
}

export type SourceSummary = Omit<SourceStatus, 'loop_back'>;

/** What the store knows of each source, without asking the running sources (`app test` runs apart). */
export async function summarizeSources(notes: NoteStore): Promise<SourceSummary[]> {
  const summaries: SourceSummary[] = [];
  for (const source of await notes.sources()) {
    const counts = await notes.counts(source.id);
    summaries.push({
      id: source.id,
      source_type: source.source_type,
      location: location(source),
      status: source.status,
      error_message: source.error_message,
      last_synced_at: source.last_synced_at,
      notes: counts.notes,
      pending_seeds: counts.pending,
      problems: await notes.problems(source.id),
    });
  }
  return summaries;
}

export async function listSourceStatus(deps: {
  notes: NoteStore;
  sources: SourceControl;
}): Promise<SourceStatus[]> {
  const statuses: SourceStatus[] = [];
  for (const summary of await summarizeSources(deps.notes)) {
    const loopBack = await deps.sources.loopBack(summary.id);
    statuses.push({ ...summary, loop_back: { enabled: loopBack.enabled, reason: loopBack.reason } });
  }
  return statuses;
}
