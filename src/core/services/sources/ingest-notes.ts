// The ingest API (spec: Ingest node; reference §i.9): inline notes land in the manual source through the
// same pipeline as files; file hints ingest named files of the first local folder now. Each entry is
// checked on its own: a bad one is reported as `<path>: <reason>` and the others still land.
import { type IngestResult, type InlineNode, InlineNodeSchema } from '../../../contracts/notes.js';
import type { SourceControl } from '../../ports/source-control.js';
import { type SourcesDeps, storeParsed } from './note-sink.js';
import { parseNote, sha256 } from './parse-note.js';

export interface IngestDeps extends SourcesDeps {
  sources: SourceControl;
}

/** A path inside the manual source: `/` separators, no empty, `.` or `..` segments. */
function cleanPath(path: string): string | undefined {
  const parts = path.replace(/\\/g, '/').split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..' || p.includes('\0'))) return undefined;
  return parts.join('/');
}

const label = (entry: unknown, index: number) => {
  const path = (entry as { relative_path?: unknown } | null)?.relative_path;
  return typeof path === 'string' && path !== '' ? path.slice(0, 200) : `inline_nodes[${index}]`;
};

export async function ingestNotes(
  deps: IngestDeps,
  input: { inline_nodes?: readonly unknown[]; file_hints?: readonly string[]; force: boolean },
): Promise<IngestResult> {
  const started = performance.now();
  const result: IngestResult = { ingested: 0, skipped: 0, errors: [], duration_ms: 0 };
  const count = (outcome: 'inserted' | 'updated' | 'skipped') => {
    if (outcome === 'skipped') result.skipped++;
    else result.ingested++;
  };
  const inline = input.inline_nodes ?? [];
  const manual = inline.length > 0 ? await deps.sources.manualSourceId() : undefined;
  for (const [index, entry] of inline.entries()) {
    // A sparse list's holes are not entries (forEach skipped them): ingest-in-slices leaves them.
    if (!(index in inline)) continue;
    const parsedEntry = InlineNodeSchema.safeParse(entry);
    if (!parsedEntry.success) {
      const issue = parsedEntry.error.issues[0];
      result.errors.push(
        `${label(entry, index)}: ${issue?.path.join('.') || 'entry'}: ${issue?.message ?? 'invalid'}`,
      );
      continue;
    }
    const node: InlineNode = parsedEntry.data;
    const path = cleanPath(node.relative_path);
    if (!path) {
      result.errors.push(
        `${label(entry, index)}: relative_path must stay inside the source (no '..' or empty parts)`,
      );
      continue;
    }
    if (node.body_text.trim() === '') {
      result.errors.push(`${path}: empty body_text`);
      continue;
    }
    const parse = () => {
      const parsed = parseNote(node.body_text);
      return { ...parsed, title: node.title ?? parsed.title, tags: node.tags ?? parsed.tags };
    };
    // force: the text counts as changed even when it is not, so the note is stored (and re-seeded) again.
    const hash = sha256(
      input.force ? `${node.body_text}\u0000${deps.clock.now().toISOString()}` : node.body_text,
    );
    count(await storeParsed(deps, manual as number, path, parse, hash));
  }
  if (input.file_hints?.length) {
    const outcomes = await deps.sources.ingestHints(input.file_hints);
    if (!outcomes) result.errors.push('file_hints: no local_fs content source is running in this process');
    for (const hint of outcomes ?? []) {
      if (hint.error) result.errors.push(`${hint.relativePath}: ${hint.error}`);
      else if (hint.outcome) count(hint.outcome);
    }
  }
  result.duration_ms = Math.round(performance.now() - started);
  return result;
}
