// Maps a requested media path (absolute, or a bare file name) to a real regular file strictly inside the
// media folder. Everything that could step outside (.., symlinks, NUL, backslashes) is refused first.
import { lstat, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { AppError } from '../../core/errors.js';

export interface ResolvedMediaPath {
  /** Real path (symlinks resolved) of the file. */
  realPath: string;
  /** Path relative to the media folder, e.g. `<uuid>.png`. */
  relativePath: string;
  sizeBytes: number;
}

// Long enough for any real path; longer input is an attack or a mistake, never a media file.
const MAX_REQUEST_LENGTH = 4096;

const invalidPath = () => new AppError('invalid_input', 'invalid media path');
const missing = () => new AppError('not_found', 'media file not found');

/** True when `child` lies strictly below `parent` (a sibling sharing a name prefix does not count). */
export function isStrictlyInside(child: string, parent: string): boolean {
  const prefix = parent.endsWith(sep) ? parent : parent + sep;
  return child.length > prefix.length && child.startsWith(prefix);
}

async function realpathOrSelf(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch {
    // A folder that does not exist yet holds no files; lookups inside it end as not_found.
    return path;
  }
}

async function isSymlink(path: string): Promise<boolean> {
  try {
    return (await lstat(path)).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * Resolves `requested` against `mediaDir`. Throws AppError('invalid_input', 'invalid media path') for
 * anything not strictly inside the real media folder or not a regular file, and AppError('not_found') for
 * an allowed path with no file. The input is used as received: it is never URL-decoded again.
 */
export async function resolveMediaPath(mediaDir: string, requested: string): Promise<ResolvedMediaPath> {
  if (typeof requested !== 'string' || requested.length === 0 || requested.length > MAX_REQUEST_LENGTH) {
    throw invalidPath();
  }
  // Backslashes are separators on Windows and never part of the names we create; NUL truncates in C APIs.
  if (requested.includes('\0') || requested.includes('\\')) throw invalidPath();
  const segments = requested.split('/');
  if (segments.includes('..')) throw invalidPath();

  const root = resolve(mediaDir);
  const realRoot = await realpathOrSelf(root);
  let candidate: string;
  if (isAbsolute(requested)) {
    candidate = resolve(requested);
    // Callers may name the folder by its configured path or by its real one (e.g. /tmp vs /private/tmp).
    if (!isStrictlyInside(candidate, root) && !isStrictlyInside(candidate, realRoot)) throw invalidPath();
  } else {
    // Relative requests are bare file names: uploads are stored flat.
    if (segments.length !== 1) throw invalidPath();
    candidate = join(root, requested);
  }

  let real: string;
  try {
    real = await realpath(candidate);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') throw invalidPath();
    // A dangling symlink must not tell the caller whether its target (maybe outside) exists.
    if (await isSymlink(candidate)) throw invalidPath();
    throw missing();
  }
  if (!isStrictlyInside(real, realRoot)) throw invalidPath();

  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(real);
  } catch {
    throw missing();
  }
  if (!info.isFile()) throw invalidPath();
  return { realPath: real, relativePath: relative(realRoot, real), sizeBytes: info.size };
}
