import { chmod, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../core/errors.js';
import { type RewriteOptions, rewriteNoteAtomically } from './rewrite-note-atomically.js';

let root: string;
let path: string;
const past = new Date('2020-01-01T00:00:00Z');

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'loop-back-rewrite-'));
  path = join(root, 'n.md');
  await writeFile(path, 'v0\n');
  await utimes(path, past, past);
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** The transform under test: append a marker line to whatever it is given. */
const appendMarker = (bytes: Buffer) => Buffer.concat([bytes, Buffer.from('marker\n')]);
const rewrite = (options: RewriteOptions = {}) => rewriteNoteAtomically(path, appendMarker, options);

async function failure(run: Promise<unknown>): Promise<AppError> {
  const error = await run.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('rewriteNoteAtomically', () => {
  it('replaces the note and leaves no temp file', async () => {
    expect(await rewrite()).toEqual({ written: true, attempts: 1 });
    expect(await readFile(path, 'utf8')).toBe('v0\nmarker\n');
    expect(await readdir(root)).toEqual(['n.md']);
  });

  it('does not touch the note when the transform asks for no change', async () => {
    expect(await rewriteNoteAtomically(path, () => null)).toEqual({ written: false, attempts: 1 });
    expect((await stat(path)).mtime.getTime()).toBe(past.getTime());
  });

  it.each([0o664, 0o600, 0o444])('keeps the file mode %o', async (mode) => {
    // 0664: a temp file created under the usual umask (022) would lose the group write bit.
    await chmod(path, mode);
    await rewrite();
    expect((await stat(path)).mode & 0o7777).toBe(mode);
  });

  it('never shows a half-written note: until the rename the note holds its old bytes', async () => {
    const seen: { note: string; files: string[]; temp: string }[] = [];
    await rewrite({
      beforeRename: async () => {
        const files = await readdir(root);
        const temp = files.find((name) => name !== 'n.md') ?? '';
        seen.push({
          note: await readFile(path, 'utf8'),
          files,
          temp: await readFile(join(root, temp), 'utf8'),
        });
      },
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.note).toBe('v0\n');
    // The new text waits, complete and synced, in a temp file beside the note (same folder: atomic rename).
    expect(seen[0]?.files).toHaveLength(2);
    expect(seen[0]?.temp).toBe('v0\nmarker\n');
    expect(await readdir(root)).toEqual(['n.md']);
  });

  it('removes its temp file when something fails before the rename', async () => {
    const error = await failure(
      rewrite({
        beforeRename: () => {
          throw new AppError('internal', 'simulated crash before the rename');
        },
      }),
    );
    expect(error.message).toBe('simulated crash before the rename');
    expect(await readFile(path, 'utf8')).toBe('v0\n');
    expect((await stat(path)).mtime.getTime()).toBe(past.getTime());
    expect(await readdir(root)).toEqual(['n.md']);
  });

  it('redoes the transform on the fresh content after a save meanwhile', async () => {
    const result = await rewrite({
      beforeRename: async ({ attempt }) => {
        if (attempt === 1) await writeFile(path, 'v0\nuser line\n');
      },
    });
    expect(result).toEqual({ written: true, attempts: 2 });
    expect(await readFile(path, 'utf8')).toBe('v0\nuser line\nmarker\n');
    expect(await readdir(root)).toEqual(['n.md']);
  });

  it('notices a save that kept the size', async () => {
    const result = await rewrite({
      beforeRename: async ({ attempt }) => {
        if (attempt === 1) await writeFile(path, 'v9\n');
      },
    });
    expect(result.attempts).toBe(2);
    expect(await readFile(path, 'utf8')).toBe('v9\nmarker\n');
  });

  it('notices a save of identical bytes (mtime checked)', async () => {
    const result = await rewrite({
      beforeRename: async ({ attempt }) => {
        // wall clock: a file's modification time, as an editor leaves it
        if (attempt === 1) await utimes(path, new Date(), new Date());
      },
    });
    expect(result.attempts).toBe(2);
    expect(await readFile(path, 'utf8')).toBe('v0\nmarker\n');
  });

  it('notices a save that restored size and mtime (content hash checked)', async () => {
    const result = await rewrite({
      beforeRename: async ({ attempt }) => {
        if (attempt === 1) {
          await writeFile(path, 'v7\n');
          await utimes(path, past, past);
        }
      },
    });
    expect(result.attempts).toBe(2);
    expect(await readFile(path, 'utf8')).toBe('v7\nmarker\n');
  });

  it('gives up after the bounded retries with a retryable conflict, keeping the user’s last save', async () => {
    let saves = 0;
    const error = await failure(
      rewrite({
        maxAttempts: 3,
        beforeRename: async () => {
          saves += 1;
          await writeFile(path, `v${saves}\n`);
        },
      }),
    );
    expect(error.code).toBe('conflict');
    expect(error.retryable).toBe(true);
    expect(saves).toBe(3);
    expect(await readFile(path, 'utf8')).toBe('v3\n');
    expect(await readdir(root)).toEqual(['n.md']);
  });

  it('does not bring back a note deleted meanwhile', async () => {
    const error = await failure(rewrite({ beforeRename: () => rm(path) }));
    expect(error.code).toBe('not_found');
    expect(await readdir(root)).toEqual([]);
  });

  it('answers not_found for a missing note', async () => {
    await rm(path);
    expect((await failure(rewrite())).code).toBe('not_found');
    expect(await readdir(root)).toEqual([]);
  });

  it('runs one rewrite at a time per note within the process', async () => {
    await Promise.all(Array.from({ length: 8 }, () => rewrite()));
    expect(await readFile(path, 'utf8')).toBe(`v0\n${'marker\n'.repeat(8)}`);
    expect(await readdir(root)).toEqual(['n.md']);
  });
});
