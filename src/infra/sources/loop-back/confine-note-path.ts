// Which files loop-back may rewrite: regular Markdown files, outside dot-folders, whose path, both as given
// and with every symlink resolved, lies inside the source folder. A symlink to a note elsewhere in the
// folder is followed (the target is rewritten, the link kept); one pointing out of the folder is refused.
import { lstat, realpath } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import { loopBackTargetProblem } from '../../../core/domain/note-files.js';
import { AppError } from '../../../core/errors.js';
import { isStrictlyInside } from '../../media/resolve-media-path.js';
import { loopBackSkipped } from './note-layout.js';

async function realpathOrUndefined(path: string): Promise<string | undefined> {
  try {
    return await realpath(path);
  } catch {
    return undefined;
  }
}

/** Refuses a path (relative to its folder) that is no Markdown note or is a dot-file; names the path given. */
function requireNote(folder: string, path: string, given: string): void {
  const problem = loopBackTargetProblem(relative(folder, path).split(sep).join('/'));
  if (problem) throw loopBackSkipped(problem.reason, `${given} ${problem.message}`, { path: given });
}

const outside = (path: string) =>
  loopBackSkipped('outside_source', `${path} is not inside the source folder`, { path });

/**
 * The real path of the note `filePath` (absolute, or relative to `sourceRoot`). Throws AppError
 * validation_error (details.reason outside_source or not_regular_file) for a path that leaves the folder
 * as written or once resolved, or that is not a regular file; AppError not_found when nothing is there.
 */
export async function confineNotePath(sourceRoot: string, filePath: string): Promise<string> {
  if (filePath.length === 0 || filePath.includes('\0')) throw outside(filePath);
  const root = resolve(sourceRoot);
  const realRoot = await realpathOrUndefined(root);
  if (realRoot === undefined) {
    throw new AppError('not_found', `source folder ${sourceRoot} does not exist; loop-back skipped`, {
      details: { reason: 'source_missing' },
    });
  }
  const candidate = resolve(root, filePath);
  // The folder may be named by its configured path or its real one (e.g. /tmp vs /private/tmp).
  if (!isStrictlyInside(candidate, root) && !isStrictlyInside(candidate, realRoot)) throw outside(filePath);
  requireNote(isStrictlyInside(candidate, root) ? root : realRoot, candidate, filePath);
  const real = await realpathOrUndefined(candidate);
  if (real === undefined) {
    const dangling = await lstat(candidate).then(
      () => true,
      () => false,
    );
    // A link to nothing (or a loop) is refused like one pointing out: nothing is said about its target.
    if (dangling) throw outside(filePath);
    throw new AppError('not_found', `note ${filePath} does not exist; loop-back skipped`, {
      details: { reason: 'note_missing' },
    });
  }
  if (!isStrictlyInside(real, realRoot)) throw outside(filePath);
  // Judged again as resolved: a note.md that links to .profile or to a .txt is not a note to write.
  requireNote(realRoot, real, filePath);
  const info = await lstat(real);
  if (!info.isFile()) {
    throw loopBackSkipped('not_regular_file', `${filePath} is not a regular file`, { path: filePath });
  }
  return real;
}
