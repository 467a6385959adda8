// Where a note's front-matter sits in its text: BOM, the `---` fences, the line ending. Offsets only, so
// every byte outside the front-matter's YAML can be carried over unchanged by slicing.
import { AppError } from '../../../core/errors.js';

export type Eol = '\n' | '\r\n';

export interface NoteLayout {
  /** Length of the BOM (0 or 1 UTF-16 unit): new front-matter goes after it. */
  bomLength: number;
  /** The line ending new lines get: the opening fence's, else the file's first, else `\n`. */
  eol: Eol;
  /** The YAML between the fences: [start, end) offsets into the text; end is the closing fence's line. */
  frontMatter: { start: number; end: number } | null;
}

const OPENING_FENCE = /---[ \t]*(\r?\n)/y;
const CLOSING_FENCE = /^---[ \t]*$/;

export function loopBackSkipped(
  reason: string,
  message: string,
  details: Record<string, unknown> = {},
): AppError {
  return new AppError('validation_error', `${message}; loop-back skipped`, {
    retryable: false,
    details: { reason, ...details },
  });
}

/**
 * Finds the front-matter of `text`: a first line `---` (after an optional BOM) up to the next line that is
 * `---`. A note that opens a front-matter and never closes it is refused (AppError validation_error): a new
 * front-matter put above it would change what the old fence means.
 */
export function layoutOf(text: string): NoteLayout {
  const bomLength = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  OPENING_FENCE.lastIndex = bomLength;
  const opening = OPENING_FENCE.exec(text);
  if (!opening) {
    const firstNewline = text.indexOf('\n');
    const eol: Eol = firstNewline > 0 && text[firstNewline - 1] === '\r' ? '\r\n' : '\n';
    return { bomLength, eol, frontMatter: null };
  }
  const eol: Eol = opening[1] === '\r\n' ? '\r\n' : '\n';
  const start = OPENING_FENCE.lastIndex;
  let lineStart = start;
  while (lineStart <= text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd).replace(/\r$/, '');
    if (CLOSING_FENCE.test(line)) return { bomLength, eol, frontMatter: { start, end: lineStart } };
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  throw loopBackSkipped('front_matter_not_closed', 'front-matter has no closing --- line');
}

const DECODER = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The note's bytes as text, BOM kept. Invalid UTF-8 is refused: decoding it would replace bytes and the
 * rewrite would change parts of the note we never meant to touch.
 */
export function decodeNote(bytes: Uint8Array): string {
  try {
    return DECODER.decode(bytes);
  } catch {
    throw loopBackSkipped('not_utf8', 'note is not valid UTF-8');
  }
}

/**
 * `text` with its front-matter YAML replaced by `edit(yaml, eol)`; a note without front-matter gets one
 * (after the BOM) holding `edit('', eol)`. Every character outside the YAML is carried over by slicing.
 * Null when `edit` returns null (nothing to change).
 */
export function editFrontMatter(
  text: string,
  edit: (yaml: string, eol: Eol) => string | null,
): string | null {
  const { bomLength, eol, frontMatter } = layoutOf(text);
  if (!frontMatter) {
    const yaml = edit('', eol);
    if (yaml === null) return null;
    return `${text.slice(0, bomLength)}---${eol}${yaml}---${eol}${text.slice(bomLength)}`;
  }
  const yaml = edit(text.slice(frontMatter.start, frontMatter.end), eol);
  if (yaml === null) return null;
  return text.slice(0, frontMatter.start) + yaml + text.slice(frontMatter.end);
}
