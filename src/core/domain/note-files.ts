// Which files are notes: `file_patterns` may name note files only (text extensions, never keys or
// credentials, never dot-files), and loop-back writes only into Markdown notes outside dot-folders. Pure.

/** Text formats people keep notes in; a pattern must end in one of these extensions. */
export const NOTE_EXTENSIONS = [
  'md',
  'markdown',
  'mdown',
  'mkdn',
  'mkd',
  'mdwn',
  'mdx',
  'txt',
  'text',
  'org',
  'rst',
  'adoc',
  'asciidoc',
  'tex',
  'wiki',
  'textile',
  'norg',
  'typ',
  'fountain',
  'taskpaper',
] as const;

/** Extensions of keys, certificates, keystores and secret files (named in the refusal). */
const KEY_EXTENSIONS = new Set([
  'pem',
  'key',
  'p12',
  'pfx',
  'p8',
  'pk8',
  'pkcs12',
  'kdbx',
  'kdb',
  'keystore',
  'jks',
  'bks',
  'gpg',
  'pgp',
  'asc',
  'ppk',
  'der',
  'crt',
  'cer',
  'csr',
  'pub',
  'ovpn',
  'env',
  'secret',
  'secrets',
  'token',
  'tfstate',
  'netrc',
  'pgpass',
  'htpasswd',
  'git-credentials',
]);

/** File names of keys and credential stores, as a pattern may start them (`id_rsa*`). */
const KEY_NAMES =
  /^(id_(rsa|dsa|ecdsa|ed25519|xmss)|authorized_keys|known_hosts|credentials|htpasswd|shadow|gshadow)/i;

/** Markdown: the only notes loop-back writes front-matter into. */
export const MARKDOWN_EXTENSIONS = ['md', 'markdown'] as const;

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? undefined : name.slice(dot + 1);
};

/** Why `pattern` may not be one of a source's `file_patterns`, or undefined. */
export function filePatternProblem(pattern: string): string | undefined {
  const quoted = `'${pattern}'`;
  if (pattern.startsWith('!'))
    return `${quoted}: negated patterns are not supported; list the note files to read`;
  const name = pattern.split('/').at(-1) ?? '';
  if (name.startsWith('.')) return `${quoted} names dot-files, which are never notes`;
  if (KEY_NAMES.test(name)) return `${quoted} names key or credential files, which are never notes`;
  const extension = extensionOf(name);
  if (extension === undefined)
    return `${quoted} has no file extension; name note files by their extension, such as *.md`;
  if (!/^[a-z0-9]+$/i.test(extension))
    return `${quoted}: name the extension exactly, one pattern per extension (such as *.md, *.txt)`;
  const lower = extension.toLowerCase();
  if (KEY_EXTENSIONS.has(lower)) return `${quoted} names key or credential files, which are never notes`;
  if (!(NOTE_EXTENSIONS as readonly string[]).includes(lower))
    return `${quoted} is not a note file type (note files: ${NOTE_EXTENSIONS.map((e) => `*.${e}`).join(', ')})`;
  return undefined;
}

/** True when a path inside a source (`/` separators) has a segment starting with `.`. */
export const hasDotSegment = (relativePath: string) =>
  relativePath.split('/').some((part) => part.startsWith('.'));

/**
 * Why loop-back may not write into the note at `relativePath` (relative to its source folder, `/`
 * separators), or undefined: only Markdown files, never dot-files or files in dot-folders. `message`
 * follows the path it is about (`<path> is a dot-file …`).
 */
export function loopBackTargetProblem(
  relativePath: string,
): { reason: 'dot_file' | 'not_markdown'; message: string } | undefined {
  if (hasDotSegment(relativePath))
    return { reason: 'dot_file', message: 'is a dot-file or inside a dot-folder' };
  const extension = extensionOf(relativePath.split('/').at(-1) ?? '')?.toLowerCase();
  if (!extension || !(MARKDOWN_EXTENSIONS as readonly string[]).includes(extension)) {
    return {
      reason: 'not_markdown',
      message: 'is not a Markdown note: loop-back writes only Markdown notes (.md, .markdown)',
    };
  }
  return undefined;
}
