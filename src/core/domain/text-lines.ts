// Lines of a text, LF or CRLF, split on a string (cheaper than a regular expression, and immune to a
// library that disables V8's fast RegExp paths process-wide, as twitter-text's core-js did: see
// vendor/core-js-native).

/** The lines of `text` without their line ends (a `\r` before a `\n` is dropped). */
export function textLines(text: string): string[] {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.endsWith('\r')) lines[i] = line.slice(0, -1);
  }
  return lines;
}
