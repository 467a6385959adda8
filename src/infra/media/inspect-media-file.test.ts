// Media inspection through one non-blocking descriptor: FIFOs and swapped-in symlinks are refused at once,
// and the whole-image check refuses bytes after an image's end.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMPLETE_IMAGES, withTrailer } from '../../../test/support/complete-images.js';
import { writeMedia } from '../../../test/support/media-files.js';
import { MB } from '../../core/domain/media-rules.js';
import { inspectMediaFile } from './inspect-media-file.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'inspect-media-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('inspectMediaFile', () => {
  it('reads the type from the content and the size from the descriptor', async () => {
    const path = join(dir, 'photo.gif');
    writeFileSync(path, COMPLETE_IMAGES.jpeg.bytes);
    await expect(inspectMediaFile(path, { wholeImage: true })).resolves.toEqual({
      mimeType: 'image/jpeg',
      sizeBytes: COMPLETE_IMAGES.jpeg.bytes.length,
    });
    await expect(inspectMediaFile(writeMedia(join(dir, 'clip'), 'mp4', 3 * MB))).resolves.toEqual({
      mimeType: 'video/mp4',
      sizeBytes: 3 * MB,
    });
  });

  it('refuses a FIFO at once (several at a time), then still reads a file', async () => {
    const fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    // wall clock: an elapsed time
    const started = Date.now();
    const answers = await Promise.allSettled(Array.from({ length: 8 }, () => inspectMediaFile(fifo)));
    for (const answer of answers) {
      expect(answer).toMatchObject({
        status: 'rejected',
        reason: { code: 'file_read_error', message: `${fifo} is not a regular file` },
      });
    }
    // wall clock: an elapsed time
    expect(Date.now() - started).toBeLessThan(2000);
    const png = join(dir, 'a.png');
    writeFileSync(png, COMPLETE_IMAGES.png.bytes);
    await expect(inspectMediaFile(png)).resolves.toMatchObject({ mimeType: 'image/png' });
  });

  it('does not follow a symlink in the last place of the path', async () => {
    const png = join(dir, 'a.png');
    writeFileSync(png, COMPLETE_IMAGES.png.bytes);
    symlinkSync(png, join(dir, 'link.png'));
    await expect(inspectMediaFile(join(dir, 'link.png'))).rejects.toMatchObject({ code: 'file_read_error' });
  });

  it('refuses bytes after an image only when asked to read it whole', async () => {
    const path = join(dir, 'dirty.png');
    writeFileSync(path, withTrailer('png', 'secret'));
    await expect(inspectMediaFile(path)).resolves.toMatchObject({ mimeType: 'image/png' });
    await expect(inspectMediaFile(path, { wholeImage: true })).rejects.toMatchObject({
      code: 'unsupported_media_type',
      message: `${path} is refused: it has 6 bytes after the end of the PNG image (its IEND chunk); save a clean copy and upload that`,
    });
  });

  it('leaves files over their size cap to the caller, and videos unread', async () => {
    const big = writeMedia(join(dir, 'big.png'), 'png', 5 * MB + 1);
    await expect(inspectMediaFile(big, { wholeImage: true })).resolves.toEqual({
      mimeType: 'image/png',
      sizeBytes: 5 * MB + 1,
    });
    const clip = writeMedia(join(dir, 'clip.mp4'), 'mp4', 1024);
    await expect(inspectMediaFile(clip, { wholeImage: true })).resolves.toMatchObject({
      mimeType: 'video/mp4',
    });
  });

  it('types what it cannot read or does not accept', async () => {
    await expect(inspectMediaFile(join(dir, 'none.png'))).rejects.toMatchObject({ code: 'file_read_error' });
    const text = join(dir, 'notes.txt');
    writeFileSync(text, 'plain text');
    await expect(inspectMediaFile(text)).rejects.toMatchObject({ code: 'unsupported_media_type' });
  });
});
