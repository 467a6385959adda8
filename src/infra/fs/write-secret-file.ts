// Writes files that hold secrets (config, tokens) atomically with owner-only permissions.
import {
  chmodSync,
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';

/** Writes `text` to `path` via a temp file + rename (a crash never leaves half a config), mode 0600. */
export function writeSecretFile(path: string, text: string): void {
  const temp = writeTemp(path, text);
  renameSync(temp, path);
  syncDirectory(path);
}

/**
 * Makes `path` with `text` only if no file is there, atomically across processes (a hard link of the
 * written temp file, which fails when the name is taken): answers false, writing nothing, when another
 * process made it first. Whoever reads the file sees all of one writer's text or no file.
 */
export function createSecretFile(path: string, text: string): boolean {
  const temp = writeTemp(path, text);
  try {
    linkSync(temp, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(temp, { force: true });
  }
  syncDirectory(path);
  return true;
}

/** `text` in a 0600 temp file beside `path`, on disk; answers its name. */
function writeTemp(path: string, text: string): string {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temp = `${path}.tmp-${process.pid}`;
  const fd = openSync(temp, 'w', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  closeSync(fd);
  chmodSync(temp, 0o600);
  return temp;
}

/** A rename or link is durable only once the directory entry is on disk. */
function syncDirectory(path: string): void {
  const dir = openSync(dirname(path), 'r');
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}
