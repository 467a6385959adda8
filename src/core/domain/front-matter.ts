// Splitting a note into its YAML front-matter and its body, as the text is (no YAML parsing here): the
// file must start with a `---` line (a BOM before it is allowed); the front-matter ends at the next line
// that is exactly `---`. CRLF line ends are tolerated. Without a closing line, the whole text is body.

export interface SplitNote {
  /** The raw YAML between the delimiters (without them), or null when the note has none. */
  frontMatter: string | null;
  body: string;
}

const OPENING = /^\uFEFF?---[ \t]*\r?\n/;
const CLOSING = /^---[ \t]*\r?$/m;

export function splitFrontMatter(text: string): SplitNote {
  const open = OPENING.exec(text);
  if (!open) return { frontMatter: null, body: text };
  const rest = text.slice(open[0].length);
  // An empty front-matter closes on the very first line.
  const close = CLOSING.exec(rest);
  if (!close) return { frontMatter: null, body: text };
  const frontMatter = rest.slice(0, close.index).replace(/\r?\n$/, '');
  let body = rest.slice(close.index + close[0].length);
  if (body.startsWith('\n')) body = body.slice(1);
  return { frontMatter, body };
}
