// The NoteWriter port over the loop-back file writer: a post's entry and its metrics, written into the
// note at `root/relativePath`.
import { isoSecond } from '../../../core/domain/iso-second.js';
import type { NoteMetrics, NoteWriter, PublishedNoteEntry } from '../../../core/ports/note-writer.js';
import { recordMetrics } from './record-metrics.js';
import { recordPublished } from './record-published.js';

export function createNoteWriter(clock: { now(): Date }): NoteWriter {
  return {
    async recordPublished(root: string, relativePath: string, entry: PublishedNoteEntry) {
      const result = await recordPublished(
        relativePath,
        { ...entry, status: 'posted' },
        { sourceRoot: root },
      );
      return result.written;
    },
    async recordMetrics(root: string, relativePath: string, tweetId: string, metrics: NoteMetrics) {
      const result = await recordMetrics(
        relativePath,
        tweetId,
        { ...metrics, performance_score: metrics.performance_score ?? 0, synced_at: isoSecond(clock.now()) },
        { sourceRoot: root },
      );
      return result.written;
    },
  };
}
