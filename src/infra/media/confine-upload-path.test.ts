// The folders social_upload_media may read, with real files, symlinks and FIFOs in temp folders.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { confineUploadPath, UPLOAD_REFUSED_MESSAGE, type UploadFolders } from './confine-upload-path.js';

let dir: string;
let folders: UploadFolders;
beforeEach(() => {
  // The real path, so the expected answers need no resolving (macOS: /var is /private/var).
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'confine-upload-')));
  mkdirSync(join(dir, 'media'));
  mkdirSync(join(dir, 'pictures'));
  mkdirSync(join(dir, 'outside'));
  for (const file of ['media/a.png', 'pictures/b.png', 'outside/c.png']) writeFileSync(join(dir, file), 'x');
  folders = { mediaDir: join(dir, 'media'), allowedDirs: [join(dir, 'pictures')] };
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const refusal = { code: 'file_read_error', message: UPLOAD_REFUSED_MESSAGE };

describe('confineUploadPath', () => {
  it('answers the real path of a file in the media folder or an allowed folder', async () => {
    await expect(confineUploadPath(join(dir, 'media/a.png'), folders)).resolves.toBe(
      join(dir, 'media/a.png'),
    );
    await expect(confineUploadPath('a.png', folders)).resolves.toBe(join(dir, 'media/a.png'));
    await expect(confineUploadPath(join(dir, 'pictures/b.png'), folders)).resolves.toBe(
      join(dir, 'pictures/b.png'),
    );
    await expect(confineUploadPath(`${dir}/media/./a.png`, folders)).resolves.toBe(join(dir, 'media/a.png'));
  });

  it('refuses everything else with one answer', async () => {
    symlinkSync(join(dir, 'outside/c.png'), join(dir, 'media/link.png'));
    symlinkSync(join(dir, 'outside/none.png'), join(dir, 'media/dangling.png'));
    symlinkSync(join(dir, 'media/loop'), join(dir, 'media/loop'));
    for (const requested of [
      join(dir, 'outside/c.png'),
      join(dir, 'outside/none.png'),
      join(dir, 'media/none.png'),
      join(dir, 'media/link.png'),
      'link.png',
      join(dir, 'media/dangling.png'),
      join(dir, 'media/loop'),
      join(dir, 'media'),
      join(dir, 'media/../outside/c.png'),
      `${dir}/media/x/../a.png`,
      '../outside/c.png',
      'sub/a.png',
      '',
      'a.png\0',
      'x'.repeat(5000),
    ]) {
      await expect(confineUploadPath(requested, folders), requested).rejects.toMatchObject(refusal);
    }
  });

  it('resolves an allowed folder that is a symlink, by either name', async () => {
    symlinkSync(join(dir, 'pictures'), join(dir, 'linked'));
    const linked = { ...folders, allowedDirs: [join(dir, 'linked')] };
    const real = join(dir, 'pictures/b.png');
    await expect(confineUploadPath(join(dir, 'linked/b.png'), linked)).resolves.toBe(real);
    await expect(confineUploadPath(real, linked)).resolves.toBe(real);
    // A link from outside into an allowed folder is refused as written.
    symlinkSync(join(dir, 'pictures'), join(dir, 'outside/door'));
    await expect(confineUploadPath(join(dir, 'outside/door/b.png'), linked)).rejects.toMatchObject(refusal);
  });

  it('names a FIFO or folder inside as not a regular file, and refuses one outside like anything else', async () => {
    execFileSync('mkfifo', [join(dir, 'media/pipe'), join(dir, 'outside/pipe')]);
    mkdirSync(join(dir, 'media/sub'));
    await expect(confineUploadPath(join(dir, 'media/pipe'), folders)).rejects.toMatchObject({
      code: 'file_read_error',
      message: `${join(dir, 'media/pipe')} is not a regular file`,
    });
    await expect(confineUploadPath('sub', folders)).rejects.toMatchObject({
      message: 'sub is not a regular file',
    });
    await expect(confineUploadPath(join(dir, 'outside/pipe'), folders)).rejects.toMatchObject(refusal);
  });

  it('a folder that does not exist allows nothing', async () => {
    const missing = { mediaDir: join(dir, 'nowhere'), allowedDirs: [join(dir, 'gone')] };
    await expect(confineUploadPath('a.png', missing)).rejects.toMatchObject(refusal);
    await expect(confineUploadPath(join(dir, 'gone/b.png'), missing)).rejects.toMatchObject(refusal);
  });
});
