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

/** `text` with its CRLF line ends as LF (the form a note's body is stored and cut into fragments in). */
export function lfLineEnds(text: string): string {
  return text.includes('\r\n') ? text.split('\r\n').join('\n') : text;
}

/**
 * `text` with each lone surrogate (possible in JSON, never in decoded UTF-8) as U+FFFD: stored as it was,
 * SQLite would count one character where reading it back gives three.
 */
export function wellFormed(text: string): string {
  return /[\uD800-\uDFFF]/.test(text) ? text.replace(/\p{Surrogate}/gu, '\uFFFD') : text;
}
