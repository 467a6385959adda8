// The one ingest pipeline: every path a note arrives by (a folder scan or watcher event, a drive poll, the
// ingest API) reports to the sink of its source, which hashes, skips the unchanged, stores and re-chunks
// the changed, marks the deleted gone and keeps problems per path until the path ingests cleanly.
import { credentialKind } from '../../domain/credential-text.js';
import type { Clock } from '../../ports/clock.js';
import type { NoteFile, NoteSink, UpsertOutcome } from '../../ports/note-sink.js';
import type { NoteStore } from '../../ports/note-store.js';
import { type ParsedNote, parseNote, sha256 } from './parse-note.js';

export interface SourcesDeps {
  notes: NoteStore;
  clock: Clock;
}

/**
 * Stores a note under `hash` unless that exact hash is already live (then it is not even parsed);
 * answers what happened. A parse problem (invalid front-matter) is kept for the path until it parses.
 */
export async function storeParsed(
  deps: SourcesDeps,
  sourceId: number,
  relativePath: string,
  parse: () => ParsedNote,
  hash: string,
): Promise<UpsertOutcome> {
  const known = await deps.notes.noteHash(sourceId, relativePath);
  if (known && known.hash === hash && !known.gone) {
    // Unchanged text; a problem recorded for the path (a failed read since) is settled by parsing it again.
    if (known.problem) {
      const { problem } = parse();
      if (problem) await deps.notes.recordProblem(sourceId, relativePath, problem, deps.clock.now());
      else await deps.notes.clearProblem(sourceId, relativePath);
    }
    return 'skipped';
  }
  const now = deps.clock.now();
  const parsed = parse();
  const { outcome } = await deps.notes.saveNote(
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
  );
  if (parsed.problem) await deps.notes.recordProblem(sourceId, relativePath, parsed.problem, now);
  else await deps.notes.clearProblem(sourceId, relativePath);
  return outcome;
}

export function createNoteSink(deps: SourcesDeps, sourceId: number): NoteSink {
  const store = async (file: NoteFile): Promise<UpsertOutcome> => {
    // A key or credential file is never a note, whatever its name: not stored (an older note at that
    // path leaves search), a problem of its path instead.
    const credential = credentialKind(file.text);
    if (credential) {
      const now = deps.clock.now();
      await deps.notes.markGone(sourceId, { only: [file.relativePath] }, now);
      await deps.notes.recordProblem(
        sourceId,
        file.relativePath,
        `looks like ${credential}; not ingested`,
        now,
      );
      return 'skipped';
    }
    const title = file.relativePath
      .split('/')
      .at(-1)
      ?.replace(/\.[^.]+$/, '');
    return storeParsed(
      deps,
      sourceId,
      file.relativePath,
      () => parseNote(file.text, { title }),
      sha256(file.text),
    );
  };
  return {
    async upsert(file: NoteFile) {
      return store(file);
    },
    async upsertMany(files) {
      return deps.notes.atomically(async () => {
        const outcomes: UpsertOutcome[] = [];
        for (const file of files) outcomes.push(await store(file));
        return outcomes;
      });
    },
    async gone(relativePath) {
      await deps.notes.markGone(sourceId, { only: [relativePath] }, deps.clock.now());
      await deps.notes.clearProblem(sourceId, relativePath);
    },
    async reconcile(present) {
      return deps.notes.markGone(sourceId, { keep: present }, deps.clock.now());
    },
    async problem(relativePath, message) {
      const now = deps.clock.now();
      await deps.notes.recordProblem(sourceId, relativePath, message, now);
      if (relativePath === '')
        await deps.notes.setSourceState(sourceId, { status: 'error', error_message: message }, now);
    },
    async synced({ cursor }) {
      const now = deps.clock.now();
      await deps.notes.clearProblem(sourceId, '');
      await deps.notes.setSourceState(
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
      return (await deps.notes.source(sourceId))?.sync_cursor ?? null;
    },
  };
}
