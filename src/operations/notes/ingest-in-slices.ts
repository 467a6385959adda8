// The ingest operation's run: inline notes go through the pipeline a slice at a time, with a turn of the
// event loop between slices. Storing a note is synchronous (SQLite), so ten parallel 1,000-note ingests
// used to hold every other request until all were done (health waited 2.2 s); the answer is the one a
// single pass gives.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { IngestResult } from '../../contracts/notes.js';
import { type IngestDeps, ingestNotes } from '../../core/services/sources/ingest-notes.js';

/**
 * Notes stored between two turns of the event loop: about 2.5 ms of work, so with ten ingests running a
 * request waits some 25 ms for its turn (25 notes a slice doubled that; the total time did not change).
 */
export const INGEST_SLICE = 10;

type IngestInput = Parameters<typeof ingestNotes>[1];

/** A line of the answer with control characters written as `\u{…}` escapes: one line per entry, always. */
const printable = (line: string) =>
  line.replace(/\p{Cc}/gu, (ch) => `\\u{${(ch.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}}`);

/** Ingests `input` in slices of INGEST_SLICE notes, yielding between them; file hints go last. */
export async function ingestInSlices(deps: IngestDeps, input: IngestInput): Promise<IngestResult> {
  const started = performance.now();
  const inline = input.inline_nodes ?? [];
  const total: IngestResult = { ingested: 0, skipped: 0, errors: [], duration_ms: 0 };
  const add = (part: IngestResult) => {
    total.ingested += part.ingested;
    total.skipped += part.skipped;
    total.errors.push(...part.errors.map(printable));
  };
  for (let from = 0; from < inline.length; from += INGEST_SLICE) {
    if (from > 0) await nextTurn();
    // The slice keeps its place in a sparse array of the whole request's length: the pipeline skips the
    // holes, and an entry with no usable path is still reported as inline_nodes[<its index>].
    const slice: unknown[] = new Array(inline.length);
    for (let i = from; i < Math.min(from + INGEST_SLICE, inline.length); i++) slice[i] = inline[i];
    add(await ingestNotes(deps, { inline_nodes: slice, force: input.force }));
  }
  if (input.file_hints?.length) {
    if (inline.length > 0) await nextTurn();
    add(await ingestNotes(deps, { file_hints: input.file_hints, force: input.force }));
  }
  total.duration_ms = Math.round(performance.now() - started);
  return total;
}
