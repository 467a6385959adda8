// Serving-side path checks (MediaStore.resolve/open over resolveMediaPath) with real files and symlinks.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../../test/support/fake-clock.js';
import { HEADERS, writeMedia } from '../../../test/support/media-files.js';
import { STORES, testStores } from '../../../test/support/stores.js';
import { DEFAULT_ACCOUNT_ID } from '../../contracts/account.js';
import { MediaFileRepository } from '../sqlite/repositories/media-file-repository.js';
import type { Store } from '../storage/store.js';
import { MediaStore, type StoredMedia } from './media-store.js';
import { isStrictlyInside } from './resolve-media-path.js';

let dir: string;
let mediaDir: string;
let database: Store;
let store: MediaStore;
let stored: StoredMedia;

function storeAt(folder: string): MediaStore {
  return new MediaStore({
    mediaDir: folder,
    repository: new MediaFileRepository(database, DEFAULT_ACCOUNT_ID),
    accountId: DEFAULT_ACCOUNT_ID,
    clock: new FakeClock(),
  });
}

describe.each(STORES)('media paths over %s', (dialect) => {
  const stores = testStores(dialect);
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'media-resolve-'));
    mediaDir = join(dir, 'media');
    database = await stores.open();
    store = storeAt(mediaDir);
    stored = await store.save(Readable.from([HEADERS.png]), 'a.png');
    writeFileSync(join(dir, 'config.toml'), 'secret = "outside"\n');
    mkdirSync(join(dir, 'media-evil'));
    writeFileSync(join(dir, 'media-evil', 'x.png'), HEADERS.png);
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const invalid = { code: 'invalid_input', message: 'invalid media path' };
  const missing = { code: 'not_found' };

  describe('MediaStore.resolve', () => {
    it('resolves a stored file by absolute path or bare file name', async () => {
      const expected = { absolutePath: stored.path, mime: 'image/png', sizeBytes: HEADERS.png.length };
      expect(await store.resolve(stored.path)).toEqual(expected);
      expect(await store.resolve(stored.file_name)).toEqual(expected);
      expect(await store.resolve(`${mediaDir}/./${stored.file_name}`)).toEqual(expected);
    });

    it('opens the file and streams its bytes', async () => {
      const opened = await store.open(stored.file_name);
      const chunks: Buffer[] = [];
      for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks)).toEqual(readFileSync(stored.path));
      expect(opened.sizeBytes).toBe(HEADERS.png.length);
    });

    it('detects the type of files the database does not know, and hides non-media', async () => {
      writeMedia(join(mediaDir, 'copied.bin'), 'gif');
      expect((await store.resolve('copied.bin')).mime).toBe('image/gif');
      writeFileSync(join(mediaDir, 'notes.txt'), 'private notes');
      await expect(store.resolve('notes.txt')).rejects.toMatchObject(missing);
      writeFileSync(join(mediaDir, 'upload.part'), HEADERS.png);
      await expect(store.resolve('upload.part')).rejects.toMatchObject(missing);
    });

    it('answers not_found for allowed paths with no file', async () => {
      await expect(store.resolve('nope.png')).rejects.toMatchObject(missing);
      await expect(store.resolve(join(mediaDir, 'nope.png'))).rejects.toMatchObject(missing);
      await expect(store.resolve(join(mediaDir, 'sub', 'nope.png'))).rejects.toMatchObject(missing);
      // What arrives here is already decoded once: a literal %2e%2e is a file name, not a parent reference.
      await expect(store.resolve('%2e%2e%2fconfig.toml')).rejects.toMatchObject(missing);
      await expect(store.resolve('..%2fconfig.toml')).rejects.toMatchObject(missing);
    });

    it('refuses everything that points outside or is not a plain file', async () => {
      symlinkSync(join(dir, 'config.toml'), join(mediaDir, 'link-out.png'));
      symlinkSync(join(dir, 'gone.png'), join(mediaDir, 'dangling.png'));
      symlinkSync(dir, join(mediaDir, 'dir-link'));
      symlinkSync(join(mediaDir, 'loop-b'), join(mediaDir, 'loop-a'));
      symlinkSync(join(mediaDir, 'loop-a'), join(mediaDir, 'loop-b'));
      mkdirSync(join(mediaDir, 'folder'));
      const attempts = [
        '../../etc/passwd',
        '/etc/passwd',
        `${mediaDir}/../config.toml`,
        '../config.toml',
        `${mediaDir}/sub/../../config.toml`,
        join(dir, 'config.toml'),
        join(dir, 'media-evil', 'x.png'),
        `${mediaDir}-evil/x.png`,
        '..',
        '.',
        mediaDir,
        `${mediaDir}/`,
        'link-out.png',
        'dangling.png',
        join(mediaDir, 'dir-link', 'config.toml'),
        'loop-a',
        'folder',
        join(mediaDir, 'folder'),
        `${stored.file_name}\0.png`,
        `..\\config.toml`,
        'sub/a.png',
        '',
        'a'.repeat(5000),
      ];
      for (const attempt of attempts) {
        await expect(store.resolve(attempt), attempt).rejects.toMatchObject(invalid);
      }
    });

    it('allows a symlink that stays inside the folder', async () => {
      symlinkSync(stored.path, join(mediaDir, 'alias.png'));
      expect((await store.resolve('alias.png')).absolutePath).toBe(stored.path);
    });

    it('works when the media folder itself is reached through a symlink', async () => {
      const linked = join(dir, 'linked-media');
      symlinkSync(mediaDir, linked);
      const viaLink = storeAt(linked);
      expect((await viaLink.resolve(join(linked, stored.file_name))).mime).toBe('image/png');
      expect((await viaLink.resolve(stored.path)).absolutePath).toBe(stored.path);
      await expect(viaLink.resolve(join(linked, '..', 'config.toml'))).rejects.toMatchObject(invalid);
    });

    it('answers not_found before the folder exists', async () => {
      const fresh = storeAt(join(dir, 'never-created'));
      await expect(fresh.resolve('a.png')).rejects.toMatchObject(missing);
      await expect(fresh.resolve('/etc/passwd')).rejects.toMatchObject(invalid);
    });
  });
});

describe('isStrictlyInside', () => {
  it('needs a separator after the parent', () => {
    expect(isStrictlyInside('/data/media/a.png', '/data/media')).toBe(true);
    expect(isStrictlyInside('/data/media-evil/a.png', '/data/media')).toBe(false);
    expect(isStrictlyInside('/data/media', '/data/media')).toBe(false);
    expect(isStrictlyInside('/data/media/', '/data/media/')).toBe(false);
    expect(isStrictlyInside('/a', '/')).toBe(true);
  });
});
