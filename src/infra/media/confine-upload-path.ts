// Which files social_upload_media may read: regular files whose path, both as written and with every symlink
// resolved, lies inside the media folder or a folder of [mcp_policy] upload_allowed_dirs, and that are not
// another account's upload. Every refusal of a path the agent may not read reads the same, so it learns
// nothing about files outside those folders, nor about another account's.
import { lstat, realpath } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { AppError } from '../../core/errors.js';
import { isStrictlyInside } from './resolve-media-path.js';

export interface UploadFolders {
  /** The media folder (`<data dir>/media`): bare file names are looked up here. */
  mediaDir: string;
  /** Absolute folders from `[mcp_policy] upload_allowed_dirs`, `~` already expanded. */
  allowedDirs: readonly string[];
  /**
   * Whether the file at this real path is another account's upload (the media folder is shared by every
   * account of the service): refused with the same answer as a missing file.
   */
  othersFile?: (realPath: string) => Promise<boolean>;
}

/** The one answer (code `file_read_error`) for a missing file and for any path outside the folders. */
export const UPLOAD_REFUSED_MESSAGE =
  'file_path is not a readable file inside the media folder or a folder listed in [mcp_policy] upload_allowed_dirs';

// Long enough for any real path; longer input is an attack or a mistake.
const MAX_REQUEST_LENGTH = 4096;

const refused = () => new AppError('file_read_error', UPLOAD_REFUSED_MESSAGE);

async function realpathOrUndefined(path: string): Promise<string | undefined> {
  try {
    return await realpath(path);
  } catch {
    // A folder that does not exist (yet) holds no file to upload.
    return undefined;
  }
}

const insideAny = (path: string, folders: readonly (string | undefined)[]) =>
  folders.some((folder) => folder !== undefined && isStrictlyInside(path, folder));

/**
 * The real path (symlinks resolved) of the regular file `requested` names: an absolute path, or a bare file
 * name in the media folder. Throws AppError('file_read_error', UPLOAD_REFUSED_MESSAGE) for `..`, for a path
 * outside the folders (as written or once resolved: a symlink pointing out is refused) and for a missing
 * file; AppError('file_read_error', '<path> is not a regular file') only for an entry inside them. A path
 * outside the folders as written is refused before the disk is touched; the file itself is never opened.
 */
export async function confineUploadPath(requested: string, folders: UploadFolders): Promise<string> {
  if (requested.length === 0 || requested.length > MAX_REQUEST_LENGTH || requested.includes('\0')) {
    throw refused();
  }
  // `..` is refused even where it would stay inside: no path this tool needs is written that way.
  if (requested.split(/[\\/]/).includes('..')) throw refused();
  const mediaDir = resolve(folders.mediaDir);
  let candidate: string;
  if (isAbsolute(requested)) candidate = resolve(requested);
  else if (!/[\\/]/.test(requested)) candidate = join(mediaDir, requested);
  else throw refused();

  const configured = [mediaDir, ...folders.allowedDirs.map((dir) => resolve(dir))];
  const real = await Promise.all(configured.map(realpathOrUndefined));
  // A folder may be named by its configured path or by its real one (e.g. /tmp vs /private/tmp).
  if (!insideAny(candidate, [...configured, ...real])) throw refused();

  let realPath: string;
  try {
    realPath = await realpath(candidate);
  } catch {
    // Missing, a dangling symlink or a loop: the same answer, so nothing is told about a target outside.
    throw refused();
  }
  if (!insideAny(realPath, real)) throw refused();

  let info: Awaited<ReturnType<typeof lstat>>;
  try {
    info = await lstat(realPath);
  } catch {
    throw refused();
  }
  if (!info.isFile()) throw new AppError('file_read_error', `${requested} is not a regular file`);
  if (await folders.othersFile?.(realPath)) throw refused();
  return realPath;
}
