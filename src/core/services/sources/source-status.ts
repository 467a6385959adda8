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

export function listSourceStatus(deps: { notes: NoteStore; sources: SourceControl }): SourceStatus[] {
  return deps.notes.sources().map((source) => {
    const counts = deps.notes.counts(source.id);
    const loopBack = deps.sources.loopBack(source.id);
    return {
      id: source.id,
      source_type: source.source_type,
      location: location(source),
      status: source.status,
      error_message: source.error_message,
      last_synced_at: source.last_synced_at,
      notes: counts.notes,
      pending_seeds: counts.pending,
      problems: deps.notes.problems(source.id),
      loop_back: { enabled: loopBack.enabled, reason: loopBack.reason },
    };
  });
}
