// Loop-back: when a post made from notes goes out, each note it came from (through its draft's provenance)
// gains an entry for the post in its front-matter, if its source writes back (a local folder with
// loop_back_enabled). A note that cannot be written is a problem of that note, never a failed post.
import type { PostingJob } from '../../../contracts/posting.js';
import { isoSecond } from '../../domain/iso-second.js';
import type { NoteStore } from '../../ports/note-store.js';
import type { NoteWriter } from '../../ports/note-writer.js';
import type { ProvenanceStore } from '../../ports/provenance-store.js';
import type { SourceControl } from '../../ports/source-control.js';

export interface LoopBackDeps {
  notes: NoteStore;
  provenance: ProvenanceStore;
  sources: SourceControl;
  writer: NoteWriter;
  clock: { now(): Date };
  /** The public URL of a post (`https://x.com/i/status/<id>`). */
  statusUrl(tweetId: string): string;
  logger: { warn(obj: object, msg: string): void };
}

/** Writes the posted job into the notes its draft came from; answers how many notes were written. */
export async function loopBackPosted(deps: LoopBackDeps, job: PostingJob): Promise<number> {
  const first = job.posted_tweet_ids[0];
  if (job.draft_id === null || !first) return 0;
  const publishedAt = isoSecond(deps.clock.now());
  let written = 0;
  for (const note of await deps.provenance.notesOfDraft(job.draft_id)) {
    const target = await deps.sources.loopBack(note.sourceId);
    if (!target.enabled || !target.root) continue;
    try {
      const changed = await deps.writer.recordPublished(target.root, note.relativePath, {
        tweet_id: first,
        url: deps.statusUrl(first),
        published_at: publishedAt,
        type: job.kind,
        ...(job.kind === 'thread' ? { thread_url: deps.statusUrl(first) } : {}),
      });
      if (changed) written++;
    } catch (error) {
      const message = `loop-back: ${(error as Error).message}`;
      await deps.notes.recordProblem(note.sourceId, note.relativePath, message, deps.clock.now());
      deps.logger.warn({ err: error, note: note.relativePath }, 'loop-back skipped');
    }
  }
  return written;
}
