// A lock next to a file (`<file>.lock`, holding "<pid> <epoch ms>") so a read-modify-write of that file by
// one process cannot interleave with another's: `app settings --set` runs and the settings API all edit the
// same config. The lock file is complete from its first instant (written aside, then linked); a holder that
// died, or held it longer than `staleMs`, is taken over atomically (moved aside and checked). Synchronous:
// the edits it guards take milliseconds.
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { AppError } from '../../core/errors.js';

export interface FileLockOptions {
  /** How long to wait for another holder before giving up (default 5 s). */
  waitMs?: number;
  /** A lock older than this is abandoned (default 30 s). */
  staleMs?: number;
}

const POLL_MS = 20;
const pause = new Int32Array(new SharedArrayBuffer(4));

/** Whether a process with this id is running (one we may not signal still is). */
export function isAlive(pid: number): boolean {
  if (pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function create(lock: string, mark: string): boolean {
  const temp = `${lock}.${process.pid}.new`;
  writeFileSync(temp, mark, { mode: 0o600 });
  try {
    linkSync(temp, lock);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  } finally {
    rmSync(temp, { force: true });
  }
}

function read(lock: string): { text: string; pid: number; at: number } | undefined {
  try {
    const text = readFileSync(lock, 'utf8');
    const [pid = '', at = ''] = text.trim().split(' ');
    return { text, pid: Number(pid) || 0, at: Number(at) || 0 };
  } catch {
    return undefined;
  }
}

/** Removes the lock only if it still reads `seen` (of several takers, one wins; a new claim is put back). */
function removeIf(lock: string, seen: string): void {
  const aside = `${lock}.${process.pid}.taken`;
  try {
    renameSync(lock, aside);
  } catch {
    return;
  }
  try {
    if (readFileSync(aside, 'utf8') !== seen) linkSync(aside, lock);
  } catch {
    // Another claim appeared meanwhile: it stands.
  } finally {
    rmSync(aside, { force: true });
  }
}

/** Runs `work` holding the lock of `path`; throws AppError conflict if another live holder keeps it. */
export function withFileLock<T>(path: string, work: () => T, options: FileLockOptions = {}): T {
  const lock = `${path}.lock`;
  const waitMs = options.waitMs ?? 5_000;
  const staleMs = options.staleMs ?? 30_000;
  const mark = `${process.pid} ${Date.now()} ${Math.random().toString(36).slice(2)}`;
  const started = Date.now();
  for (;;) {
    if (create(lock, mark)) break;
    const holder = read(lock);
    if (holder && (!isAlive(holder.pid) || holder.pid === process.pid || Date.now() - holder.at > staleMs)) {
      removeIf(lock, holder.text);
      continue;
    }
    if (Date.now() - started > waitMs)
      throw new AppError(
        'conflict',
        `${path} is being changed by another process (pid ${holder?.pid ?? '?'}); nothing was saved, try again`,
        { retryable: true },
      );
    Atomics.wait(pause, 0, 0, POLL_MS);
  }
  try {
    return work();
  } finally {
    removeIf(lock, mark);
  }
}
