// Analytics sync: the engagement the analytics loop recorded for a post made from notes is copied into
// each note's entry for that post (impressions, likes, performance score), for local folders with both
// loop_back_enabled and analytics_sync_enabled. A note is rewritten only when a figure changed; one that
// cannot be written is a problem of that note and the others still sync.
import type { NoteStore } from '../../ports/note-store.js';
import type { NoteWriter } from '../../ports/note-writer.js';
import type { ProvenanceStore } from '../../ports/provenance-store.js';
import type { SourceControl } from '../../ports/source-control.js';

export interface NoteMetricsDeps {
  notes: NoteStore;
  provenance: ProvenanceStore;
  sources: SourceControl;
  writer: NoteWriter;
  clock: { now(): Date };
  logger: { warn(obj: object, msg: string): void };
}

export async function syncNoteMetrics(deps: NoteMetricsDeps): Promise<{ written: number; failed: number }> {
  let written = 0;
  let failed = 0;
  for (const note of await deps.provenance.postedNotes()) {
    const target = await deps.sources.loopBack(note.sourceId);
    if (!target.enabled || !target.metrics || !target.root) continue;
    try {
      const changed = await deps.writer.recordMetrics(target.root, note.relativePath, note.tweetId, {
        impressions: note.impressions,
        likes: note.likes,
        performance_score: note.performanceScore,
      });
      if (changed) written++;
    } catch (error) {
      failed++;
      const message = `analytics sync: ${(error as Error).message}`;
      await deps.notes.recordProblem(note.sourceId, note.relativePath, message, deps.clock.now());
      deps.logger.warn({ err: error, note: note.relativePath }, 'analytics sync skipped a note');
    }
  }
  return { written, failed };
}
