// Rewrites one note without ever exposing half a file and without losing an edit the user saves meanwhile:
// read, transform, write a temp file beside it (fsync, same mode), and rename it over the note only if the
// note is still exactly what was read; else start again from the fresh content.
import { createHash, randomBytes } from 'node:crypto';
import { open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { AppError, tooLargeError } from '../../../core/errors.js';

/** Notes larger than this are not rewritten (a note is text; anything bigger is not one we wrote from). */
export const MAX_NOTE_BYTES = 64 * 1024 * 1024;
const DEFAULT_MAX_ATTEMPTS = 5;

export interface RewriteOptions {
  /** How many read-transform-write rounds before giving up on a note that keeps changing. */
  maxAttempts?: number;
  /**
   * Runs after the temp file is written and synced, just before the note is checked and replaced. Tests
   * use it to save a user edit at the worst moment; production passes nothing.
   */
  beforeRename?: (context: { path: string; attempt: number }) => void | Promise<void>;
}

export interface RewriteResult {
  /** False when the transform asked for no change: the note was not touched at all. */
  written: boolean;
  attempts: number;
}

interface Snapshot {
  size: bigint;
  mtimeNs: bigint;
  ino: bigint;
  mode: number;
  uid: number;
  gid: number;
  hash: string;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function noteGone(path: string): AppError {
  return new AppError('not_found', `note ${path} no longer exists; loop-back skipped`, {
    details: { reason: 'note_missing' },
  });
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

async function readSnapshot(path: string): Promise<{ bytes: Buffer; snapshot: Snapshot }> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if (isMissing(error)) throw noteGone(path);
    throw error;
  }
  try {
    const info = await handle.stat({ bigint: true });
    if (info.size > BigInt(MAX_NOTE_BYTES)) {
      throw tooLargeError(`note is larger than ${MAX_NOTE_BYTES} bytes; loop-back skipped`);
    }
    const bytes = await handle.readFile();
    const snapshot = {
      size: info.size,
      mtimeNs: info.mtimeNs,
      ino: info.ino,
      mode: Number(info.mode & 0o7777n),
      uid: Number(info.uid),
      gid: Number(info.gid),
      hash: sha256(bytes),
    };
    return { bytes, snapshot };
  } finally {
    await handle.close();
  }
}

/** True when the note on disk is still the one `snapshot` describes (size, mtime, inode, content hash). */
async function stillSame(path: string, snapshot: Snapshot): Promise<boolean> {
  let info: Awaited<ReturnType<typeof stat>> & { mtimeNs: bigint };
  try {
    info = await stat(path, { bigint: true });
  } catch (error) {
    if (isMissing(error)) throw noteGone(path);
    throw error;
  }
  if (info.size !== snapshot.size || info.mtimeNs !== snapshot.mtimeNs || info.ino !== snapshot.ino)
    return false;
  return (await readSnapshot(path)).snapshot.hash === snapshot.hash;
}

async function writeTemp(temp: string, bytes: Uint8Array, snapshot: Snapshot): Promise<void> {
  const handle = await open(temp, 'wx', snapshot.mode);
  try {
    await handle.writeFile(bytes);
    // The umask may have narrowed the mode given to open; the note keeps exactly its own.
    await handle.chmod(snapshot.mode);
    if (process.getuid?.() === 0) await handle.chown(snapshot.uid, snapshot.gid).catch(() => undefined);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function syncDirectory(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Some platforms cannot fsync a directory; the rename itself is still atomic there.
  }
}

// One rewrite at a time per note within this process (publish and analytics may touch the same note).
const inFlight = new Map<string, Promise<unknown>>();

async function serialized<T>(path: string, run: () => Promise<T>): Promise<T> {
  const previous = inFlight.get(path) ?? Promise.resolve();
  const current = previous.then(run, run);
  const settled = current.catch(() => undefined);
  inFlight.set(path, settled);
  try {
    return await current;
  } finally {
    if (inFlight.get(path) === settled) inFlight.delete(path);
  }
}

/**
 * Rewrites the regular file at `path` (already confined and resolved by the caller) with
 * `transform(bytes)`; a null result leaves the file untouched (same bytes, same mtime). Throws
 * AppError('conflict', retryable) when the note changed under every one of `maxAttempts` rounds,
 * AppError('not_found') when it disappears meanwhile (it is never recreated); no temp file outlives a call.
 */
export function rewriteNoteAtomically(
  path: string,
  transform: (bytes: Buffer) => Uint8Array | null,
  options: RewriteOptions = {},
): Promise<RewriteResult> {
  const maxAttempts = Math.max(1, options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
  return serialized(path, async () => {
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const { bytes, snapshot } = await readSnapshot(path);
      const next = transform(bytes);
      if (next === null) return { written: false, attempts: attempt };
      const temp = join(
        dirname(path),
        `.${basename(path)}.${randomBytes(6).toString('hex')}.app-loopback.tmp`,
      );
      let renamed = false;
      try {
        await writeTemp(temp, next, snapshot);
        await options.beforeRename?.({ path, attempt });
        if (!(await stillSame(path, snapshot))) continue;
        await rename(temp, path);
        renamed = true;
      } finally {
        if (!renamed) await rm(temp, { force: true });
      }
      await syncDirectory(dirname(path));
      return { written: true, attempts: attempt };
    }
    throw new AppError('conflict', 'the note kept changing while loop-back wrote it; try again later', {
      retryable: true,
      details: { reason: 'note_busy', attempts: maxAttempts },
    });
  });
}
