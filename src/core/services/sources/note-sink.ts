// The one ingest pipeline: every path a note arrives by (a folder scan or watcher event, a drive poll, the
// ingest API) reports to the sink of its source, which hashes, skips the unchanged, stores and re-chunks
// the changed, marks the deleted gone and keeps problems per path until the path ingests cleanly.
import type { Clock } from '../../ports/clock.js';
import type { NoteFile, NoteSink, UpsertOutcome } from '../../ports/note-sink.js';
import type { NoteStore } from '../../ports/note-store.js';
import { type ParsedNote, parseNote, sha256 } from './parse-note.js';

export interface SourcesDeps {
  notes: NoteStore;
  clock: Clock;
}

/** Stores a parsed note under `hash` unless that exact hash is already live; answers what happened. */
export function storeParsed(
  deps: SourcesDeps,
  sourceId: number,
  relativePath: string,
  parsed: ParsedNote,
  hash: string,
): UpsertOutcome {
  const now = deps.clock.now();
  const known = deps.notes.noteHash(sourceId, relativePath);
  let outcome: UpsertOutcome = 'skipped';
  if (!known || known.hash !== hash || known.gone) {
    outcome = deps.notes.saveNote(
      {
        sourceId,
        relativePath,
        hash,
        title: parsed.title,
        body: parsed.body,
        frontMatter: parsed.frontMatter,
        tags: parsed.tags,
        fragments: parsed.fragments,
      },
      now,
    ).outcome;
  }
  if (parsed.problem) deps.notes.recordProblem(sourceId, relativePath, parsed.problem, now);
  else deps.notes.clearProblem(sourceId, relativePath);
  return outcome;
}

export function createNoteSink(deps: SourcesDeps, sourceId: number): NoteSink {
  return {
    async upsert(file: NoteFile) {
      const title = file.relativePath
        .split('/')
        .at(-1)
        ?.replace(/\.[^.]+$/, '');
      return storeParsed(
        deps,
        sourceId,
        file.relativePath,
        parseNote(file.text, { title }),
        sha256(file.text),
      );
    },
    async gone(relativePath) {
      deps.notes.markGone(sourceId, { only: [relativePath] }, deps.clock.now());
      deps.notes.clearProblem(sourceId, relativePath);
    },
    async reconcile(present) {
      return deps.notes.markGone(sourceId, { keep: present }, deps.clock.now());
    },
    async problem(relativePath, message) {
      const now = deps.clock.now();
      deps.notes.recordProblem(sourceId, relativePath, message, now);
      if (relativePath === '')
        deps.notes.setSourceState(sourceId, { status: 'error', error_message: message }, now);
    },
    async synced({ cursor }) {
      const now = deps.clock.now();
      deps.notes.clearProblem(sourceId, '');
      deps.notes.setSourceState(
        sourceId,
        {
          status: 'active',
          error_message: null,
          last_synced_at: now.toISOString(),
          ...(cursor === undefined ? {} : { sync_cursor: cursor }),
        },
        now,
      );
    },
    async cursor() {
      return deps.notes.source(sourceId)?.sync_cursor ?? null;
    },
  };
}
