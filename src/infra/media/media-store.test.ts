// MediaStore.save/describe/get against real files in a temp dir and a real database of each store.
import { createHash } from 'node:crypto';
import {
  createReadStream,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../../test/support/fake-clock.js';
import { HEADERS, writeMedia } from '../../../test/support/media-files.js';
import { STORES, testStores } from '../../../test/support/stores.js';
import { DEFAULT_ACCOUNT_ID } from '../../contracts/account.js';
import { MB } from '../../core/domain/media-rules.js';
import { MediaFileRepository } from '../sqlite/repositories/media-file-repository.js';
import type { Store } from '../storage/store.js';
import { MediaStore, type MediaStoreOptions } from './media-store.js';

let dir: string;
let mediaDir: string;
let database: Store;

function makeStore(overrides: Partial<MediaStoreOptions> = {}): MediaStore {
  return new MediaStore({
    mediaDir,
    repository: new MediaFileRepository(database, DEFAULT_ACCOUNT_ID),
    accountId: DEFAULT_ACCOUNT_ID,
    clock: new FakeClock('2026-11-22T12:00:00.000Z'),
    ...overrides,
  });
}

/** Files left in the media folder (none when it was never created). */
function leftovers(): string[] {
  return existsSync(mediaDir) ? readdirSync(mediaDir) : [];
}

function source(kind: keyof typeof HEADERS, size?: number): Readable {
  return createReadStream(writeMedia(join(dir, `src-${kind}-${size ?? 0}`), kind, size));
}

describe.each(STORES)('MediaStore (%s)', (dialect) => {
  const stores = testStores(dialect);
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'media-store-'));
    mediaDir = join(dir, 'media');
    database = await stores.open();
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  describe('MediaStore.save', () => {
    const cases = [
      { kind: 'png', mime: 'image/png', ext: 'png', media: 'image', dims: { width: 1, height: 1 } },
      { kind: 'jpeg', mime: 'image/jpeg', ext: 'jpg', media: 'image', dims: undefined },
      { kind: 'webp', mime: 'image/webp', ext: 'webp', media: 'image', dims: { width: 1, height: 1 } },
      { kind: 'gif', mime: 'image/gif', ext: 'gif', media: 'gif', dims: { width: 1, height: 1 } },
      { kind: 'mp4', mime: 'video/mp4', ext: 'mp4', media: 'video', dims: undefined },
    ] as const;

    for (const c of cases) {
      it(`stores ${c.kind} by content, private, hashed and recorded`, async () => {
        const store = makeStore();
        const file = writeMedia(join(dir, `upload-${c.kind}`), c.kind, 4096);
        const stored = await store.save(createReadStream(file), `holiday.${c.kind}`);

        expect(stored).toMatchObject({
          mime: c.mime,
          kind: c.media,
          size_bytes: 4096,
          original_name: `holiday.${c.kind}`,
          file_name: `${stored.id}.${c.ext}`,
          path: join(mediaDir, `${stored.id}.${c.ext}`),
          created_at: '2026-11-22T12:00:00.000Z',
          sha256: createHash('sha256').update(readFileSync(file)).digest('hex'),
        });
        expect(stored.width).toBe(c.dims?.width);
        expect(stored.height).toBe(c.dims?.height);
        expect(readFileSync(stored.path)).toEqual(readFileSync(file));
        expect(statSync(stored.path).mode & 0o777).toBe(0o600);
        expect(statSync(mediaDir).mode & 0o777).toBe(0o700);
        expect(leftovers()).toEqual([stored.file_name]);
        expect(await store.get(stored.id)).toEqual(stored);
      });
    }

    it('ignores the name: a PNG called x.gif is stored as a PNG', async () => {
      const stored = await makeStore().save(source('png'), 'x.gif');
      expect(stored).toMatchObject({ mime: 'image/png', kind: 'image', original_name: 'x.gif' });
      expect(stored.file_name).toMatch(/\.png$/);
    });

    it('keeps only a printable base name of the original name', async () => {
      const stored = await makeStore().save(source('png'), 'C:\\Users\\me\\../evil\u0007name.png');
      expect(stored.original_name).toBe('evilname.png');
      expect((await makeStore().save(source('png'), '')).original_name).toBeNull();
    });

    it('refuses text as unsupported_media_type and deletes it', async () => {
      const text = Readable.from([Buffer.from('hello, this is not a picture\n'.repeat(100))]);
      await expect(makeStore().save(text, 'photo.png')).rejects.toMatchObject({
        code: 'unsupported_media_type',
        message: 'unsupported media type (unknown); accepted: JPEG, PNG, WebP, GIF, MP4',
      });
      expect(leftovers()).toEqual([]);
    });

    it('refuses a known but unaccepted type (PDF) and names it', async () => {
      const pdf = Readable.from([Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n')]);
      await expect(makeStore().save(pdf, 'doc.png')).rejects.toMatchObject({
        code: 'unsupported_media_type',
        message: expect.stringContaining('application/pdf'),
      });
      expect(leftovers()).toEqual([]);
    });

    it('refuses an empty upload', async () => {
      await expect(makeStore().save(Readable.from([]), 'empty.png')).rejects.toMatchObject({
        code: 'unsupported_media_type',
      });
      expect(leftovers()).toEqual([]);
    });

    it('applies the per-kind caps: a 6 MB PNG and a 16 MB GIF are too large', async () => {
      const store = makeStore();
      const png = store.save(source('png', 6 * MB), 'big.png');
      await expect(png).rejects.toMatchObject({ code: 'payload_too_large' });
      await expect(png).rejects.toMatchObject({
        details: { kind: 'image', size_bytes: 6 * MB, max_bytes: 5 * MB },
        message: 'file is 6 MB; an image may be at most 5 MB',
      });
      await expect(store.save(source('gif', 16 * MB), 'big.gif')).rejects.toMatchObject({
        details: { kind: 'gif', size_bytes: 16 * MB, max_bytes: 15 * MB },
      });
      expect(leftovers()).toEqual([]);
    });

    it('accepts a GIF over the image cap but within its own (6 MB)', async () => {
      const stored = await makeStore().save(source('gif', 6 * MB), 'anim.gif');
      expect(stored).toMatchObject({ kind: 'gif', size_bytes: 6 * MB });
    });

    it('stops reading past the upload limit and deletes the partial file', async () => {
      let produced = 0;
      const endless = Readable.from(
        (function* () {
          yield HEADERS.mp4;
          for (;;) {
            produced += 1;
            yield Buffer.alloc(16 * 1024);
          }
        })(),
      );
      const save = makeStore({ maxUploadBytes: 64 * 1024 }).save(endless, 'huge.mp4');
      await expect(save).rejects.toMatchObject({ code: 'payload_too_large' });
      await expect(save).rejects.toMatchObject({ details: { max_bytes: 64 * 1024 } });
      // Readable.from reads a little ahead; what matters is that reading stopped near the limit.
      expect(produced).toBeLessThan(40);
      expect(endless.destroyed).toBe(true);
      expect(leftovers()).toEqual([]);
    });

    it('treats a source cut short by its own limit as too large', async () => {
      await expect(
        makeStore().save(source('png'), 'a.png', { wasTruncated: () => true }),
      ).rejects.toMatchObject({ code: 'payload_too_large' });
      expect(leftovers()).toEqual([]);
    });

    it('leaves nothing behind when the source fails midway', async () => {
      const failing = new Readable({
        read() {
          this.push(HEADERS.png);
          this.destroy(new Error('client went away'));
        },
      });
      await expect(makeStore().save(failing, 'a.png')).rejects.toMatchObject({ code: 'file_read_error' });
      expect(leftovers()).toEqual([]);
    });

    it('leaves nothing behind when the database refuses the row', async () => {
      // A second store of this test without the table: its writes fail.
      database = await stores.open();
      await sql`drop table media_files ${sql.raw(dialect === 'postgres' ? 'cascade' : '')}`.execute(
        database.db,
      );
      await expect(makeStore().save(source('png'), 'a.png')).rejects.toThrow();
      expect(leftovers()).toEqual([]);
    });
  });

  describe('MediaStore.describe and get', () => {
    it('describes stored files by absolute path or file name, without touching the disk', async () => {
      const store = makeStore();
      const png = await store.save(source('png'), 'a.png');
      const video = await store.save(source('mp4', 2048), 'v.mp4');
      rmSync(png.path); // describe reads the database only

      const described = await store.describe([
        png.path,
        video.file_name,
        join(mediaDir, 'unknown.png'),
        `${mediaDir}/../${png.file_name}`,
        '../x.png',
        'sub/x.png',
        '',
      ]);
      expect([...described.keys()]).toEqual([png.path, video.file_name]);
      expect(described.get(png.path)).toEqual({
        kind: 'image',
        sizeBytes: png.size_bytes,
        width: 1,
        height: 1,
      });
      expect(described.get(video.file_name)).toEqual({ kind: 'video', sizeBytes: 2048 });
      expect((await store.describe([])).size).toBe(0);
    });

    it('gets by id (any case), absolute path or file name', async () => {
      const store = makeStore();
      const stored = await store.save(source('gif'), 'a.gif');
      expect(await store.get(stored.id.toUpperCase())).toEqual(stored);
      expect(await store.get(stored.path)).toEqual(stored);
      expect(await store.get(stored.file_name)).toEqual(stored);
      expect(await store.get('00000000-0000-4000-8000-000000000000')).toBeUndefined();
      expect(await store.get('nope.png')).toBeUndefined();
      expect(await store.get('../etc/passwd')).toBeUndefined();
    });
  });
});
