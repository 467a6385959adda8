// Loop-back, step one: once a post made from a local note is out, the note's front-matter gains an entry
// for it under the app's key. Idempotent per post; everything else in the file stays byte for byte.
import { confineNotePath } from './confine-note-path.js';
import { appendEntry, type Fields } from './edit-app-list.js';
import {
  ENTRY_FIELD_ORDER,
  type PublishedEntry,
  PublishedEntrySchema,
  parseLoopBackInput,
} from './loop-back-entry.js';
import { decodeNote, editFrontMatter } from './note-layout.js';
import { type RewriteOptions, rewriteNoteAtomically } from './rewrite-note-atomically.js';

export interface LoopBackOptions extends RewriteOptions {
  /** The local source's folder: the note must lie inside it, as given and with symlinks resolved. */
  sourceRoot: string;
}

export interface LoopBackResult {
  /** False when nothing needed writing; the file was then not touched (same bytes, same mtime). */
  written: boolean;
  /** The real path of the note that was (or would have been) rewritten. */
  path: string;
  attempts: number;
}

/** Runs `editYaml` on the note's front-matter through the confined, atomic, concurrency-safe rewrite. */
export async function rewriteNoteFrontMatter(
  filePath: string,
  options: LoopBackOptions,
  editYaml: Parameters<typeof editFrontMatter>[1],
): Promise<LoopBackResult> {
  const path = await confineNotePath(options.sourceRoot, filePath);
  const result = await rewriteNoteAtomically(
    path,
    (bytes) => {
      const next = editFrontMatter(decodeNote(bytes), editYaml);
      return next === null ? null : Buffer.from(next, 'utf8');
    },
    options,
  );
  return { ...result, path };
}

/**
 * Appends `entry` to the `app` list of the note at `filePath` (absolute or relative to
 * `options.sourceRoot`), creating the key (or the whole front-matter) when absent. Nothing is written when
 * an entry with the same tweet_id exists. Throws AppError validation_error (details.reason says which) for
 * an invalid entry, front-matter that is not valid YAML or not a mapping, an `app` key that is not a list,
 * a note that is not UTF-8, not a regular file or not inside the source folder, and never touches the file
 * then; not_found for a missing note; conflict (retryable) for a note that kept changing meanwhile.
 */
export async function recordPublished(
  filePath: string,
  entry: PublishedEntry,
  options: LoopBackOptions,
): Promise<LoopBackResult> {
  const valid = parseLoopBackInput(PublishedEntrySchema, entry, 'loop-back entry');
  const fields: Fields = ENTRY_FIELD_ORDER.flatMap((key) => {
    const value = valid[key];
    return value === undefined ? [] : [[key, value] as const];
  });
  return rewriteNoteFrontMatter(filePath, options, (yaml, eol) =>
    appendEntry(yaml, eol, valid.tweet_id, fields),
  );
}
