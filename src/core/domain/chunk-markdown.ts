// Markdown cut into fragments at its headings (`#` to `######`), for retrieval: each fragment carries the
// path of headings it sits under (`# Title/## Section`). Lines inside fenced code blocks are never
// headings; text before the first heading is a fragment with an empty path; blank fragments are dropped.
// A fragment is a span of the text (its lines between two headings, trimmed): the store keeps the offsets,
// not a second copy of the note's text.
import { lfLineEnds } from './text-lines.js';

export interface Fragment {
  headingPath: string;
  text: string;
  /** Where the text lies in the note's body with LF line ends (UTF-16 offsets, end exclusive). */
  start: number;
  end: number;
  index: number;
}

const HEADING = /^(#{1,6})[ \t]+(.*?)[ \t#]*$/;
const FENCE = /^[ \t]{0,3}(`{3,}|~{3,})/;

/** Fragments of `body`; their offsets index `lfLineEnds(body)`, the form a note's body is stored in. */
export function chunkMarkdown(body: string): Fragment[] {
  const text = lfLineEnds(body);
  const spans: Array<{ headingPath: string; start: number; end: number }> = [
    { headingPath: '', start: 0, end: 0 },
  ];
  const stack: Array<{ level: number; text: string }> = [];
  let fence: string | undefined;
  let lineStart = 0;
  while (lineStart <= text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const next = lineEnd + 1;
    // A lone `\r` can end only the last line (CRLF is LF by now); it is no part of a heading.
    const line = text.slice(lineStart, text.charCodeAt(lineEnd - 1) === 13 ? lineEnd - 1 : lineEnd);
    const fenceMark = FENCE.exec(line)?.[1];
    let heading: RegExpExecArray | null = null;
    if (fenceMark) {
      if (!fence) fence = fenceMark[0] ?? '`';
      else if (fenceMark[0] === fence) fence = undefined;
    } else if (!fence) heading = HEADING.exec(line);
    if (heading) {
      const level = heading[1]?.length ?? 1;
      while (stack.length > 0 && (stack.at(-1)?.level ?? 0) >= level) stack.pop();
      stack.push({ level, text: `${heading[1]} ${heading[2]}` });
      const start = Math.min(next, text.length);
      spans.push({ headingPath: stack.map((h) => h.text).join('/'), start, end: start });
    } else {
      const span = spans.at(-1);
      if (span) span.end = lineEnd;
    }
    lineStart = next;
  }
  const fragments: Fragment[] = [];
  for (const span of spans) {
    const raw = text.slice(span.start, span.end);
    const trimmed = raw.trim();
    if (trimmed === '') continue;
    const start = span.start + (raw.length - raw.trimStart().length);
    fragments.push({
      headingPath: span.headingPath,
      text: trimmed,
      start,
      end: start + trimmed.length,
      index: fragments.length,
    });
  }
  return fragments;
}
