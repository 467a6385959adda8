// Lines of a text, LF or CRLF. Hot paths split on a string, never on a regular expression: twitter-text's
// bundled core-js probes RegExp species at load, which turns V8's fast `split(/re/)` into the spec's
// per-character sticky loop for the whole process (70× slower on a 10 KB note; see bench/ingest.ts).

/** The lines of `text` without their line ends (a `\r` before a `\n` is dropped). */
export function textLines(text: string): string[] {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.endsWith('\r')) lines[i] = line.slice(0, -1);
  }
  return lines;
}
