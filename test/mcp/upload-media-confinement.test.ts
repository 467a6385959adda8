// social_upload_media reads only from the media folder and [mcp_policy] upload_allowed_dirs (issue 9, item
// 3): paths outside, symlinks pointing out and `..` get one answer that names nothing; a FIFO never stalls
// the server; an image with bytes after its end never reaches the platform.
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  constants,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UPLOAD_REFUSED_MESSAGE } from '../../src/infra/media/confine-upload-path.js';
import { COMPLETE_IMAGES, type CompleteImageKind, withTrailer } from '../support/complete-images.js';
import { type McpHarness, startMcpHarness } from '../support/mcp-harness.js';
import { createTempHome } from '../support/temp-home.js';

let h: McpHarness | undefined;
const cleanups: Array<() => void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
  await h?.close();
  h = undefined;
});

/** A folder outside the data dir, removed after the test. */
function outsideDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'upload-outside-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function start(uploadAllowedDirs: string[] = []): Promise<McpHarness> {
  h = await startMcpHarness({ config: { mcp_policy: { upload_allowed_dirs: uploadAllowedDirs } } });
  mkdirSync(mediaDir(), { recursive: true });
  return h;
}

const mediaDir = () => join((h as McpHarness).home.dir, 'media');

function writeImage(path: string, kind: CompleteImageKind = 'png'): string {
  writeFileSync(path, COMPLETE_IMAGES[kind].bytes);
  return path;
}

/** Platform upload requests the fake has seen, and the media it holds. */
function platformUploads(harness: McpHarness) {
  return {
    requests: harness.fake.requests.filter((r) => r.path.startsWith('/2/media/upload')).length,
    media: harness.fake.state.media.size,
  };
}

function mkfifo(path: string): string {
  execFileSync('mkfifo', [path]);
  // Should a reader still hang in open() (the bug), a writer opening without blocking releases it.
  cleanups.push(() => {
    try {
      closeSync(openSync(path, constants.O_WRONLY | constants.O_NONBLOCK));
    } catch {
      // ENXIO: no reader is waiting, which is the fixed behaviour.
    }
  });
  return path;
}

/** Fails (instead of hanging the suite) when a call takes longer than `ms`. */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe('social_upload_media is confined to the media folder and upload_allowed_dirs', () => {
  it('refuses a real image outside the allowed folders: nothing reaches the platform', async () => {
    const harness = await start();
    const before = platformUploads(harness);
    const secret = writeImage(join(outsideDir(), 'private-photo.png'));
    for (const dry_run of [false, true]) {
      const answer = await harness.call('social_upload_media', { file_path: secret, dry_run });
      expect(answer.isError).toBe(true);
      expect(answer.error).toMatchObject({ code: 'file_read_error', message: UPLOAD_REFUSED_MESSAGE });
      expect(JSON.stringify(answer)).not.toContain('private-photo');
    }
    expect(platformUploads(harness)).toEqual(before);
  });

  it('answers every path it may not read the same way, existing or not, whatever it is', async () => {
    const harness = await start();
    const outside = outsideDir();
    const text = join(outside, 'notes.txt');
    writeFileSync(text, 'not an image');
    const paths = [
      writeImage(join(outside, 'photo.png')),
      join(outside, 'missing.png'),
      text,
      outside,
      '/etc/passwd',
      '/dev/zero',
      join(harness.home.dir, 'tokens.json'),
      join(mediaDir(), 'missing.png'),
      'missing.png',
      'relative/photo.png',
    ];
    const answers = [];
    for (const file_path of paths) {
      const answer = await harness.call('social_upload_media', { file_path });
      answers.push(answer.error);
      expect(JSON.stringify(answer.error)).not.toContain(outside);
    }
    for (const error of answers) expect(error).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({ code: 'file_read_error', message: UPLOAD_REFUSED_MESSAGE });
    expect(platformUploads(harness).requests).toBe(0);
  });

  it('uploads from the media folder, by absolute path or by bare file name', async () => {
    const harness = await start();
    const image = writeImage(join(mediaDir(), 'chart.png'));
    const byPath = await harness.call('social_upload_media', { file_path: image });
    expect(byPath.data).toMatchObject({ media_id: expect.any(String), media_type: 'image/png' });
    const byName = await harness.call('social_upload_media', { file_path: 'chart.png', alt_text: 'a chart' });
    expect(byName.data).toMatchObject({ media_id: expect.any(String) });
    expect(platformUploads(harness).media).toBe(2);
  });

  it('uploads from a folder of upload_allowed_dirs (also written with ~), nested folders included', async () => {
    const outside = outsideDir();
    const pictures = join(outside, 'pictures');
    mkdirSync(join(pictures, '2026'), { recursive: true });
    const harness = await start([pictures]);
    const nested = writeImage(join(pictures, '2026', 'trip.jpg'), 'jpeg');
    await expect(harness.call('social_upload_media', { file_path: nested })).resolves.toMatchObject({
      data: { media_type: 'image/jpeg', media_id: expect.any(String) },
    });
    // A sibling folder sharing the name as a prefix is not inside.
    mkdirSync(join(outside, 'pictures-private'));
    const sibling = writeImage(join(outside, 'pictures-private', 'me.png'));
    expect((await harness.call('social_upload_media', { file_path: sibling })).error?.message).toBe(
      UPLOAD_REFUSED_MESSAGE,
    );
    await harness.close();

    // `~` is the user's home, here a folder of its own (the data dir is never an upload folder).
    const data = createTempHome();
    cleanups.push(() => data.cleanup());
    const user = outsideDir();
    h = await startMcpHarness({
      home: { ...data, env: { ...data.env, HOME: user } },
      config: { mcp_policy: { upload_allowed_dirs: ['~/shots'] } },
    });
    mkdirSync(join(user, 'shots'));
    const shot = writeImage(join(user, 'shots', 'loop.gif'), 'gif');
    await expect(h.call('social_upload_media', { file_path: shot })).resolves.toMatchObject({
      data: { media_type: 'image/gif', media_id: expect.any(String) },
    });
  });

  it('a folder that keeps secrets, written into upload_allowed_dirs by hand, is skipped', async () => {
    const keys = join(outsideDir(), '.ssh');
    mkdirSync(keys);
    const harness = await start([keys]);
    const picture = writeImage(join(keys, 'avatar.png'));
    expect((await harness.call('social_upload_media', { file_path: picture })).error?.message).toBe(
      UPLOAD_REFUSED_MESSAGE,
    );
    await harness.close();
  });

  it('resolves symlinks first: a link pointing out is refused, a linked allowed folder works', async () => {
    const outside = outsideDir();
    const realPictures = join(outside, 'real-pictures');
    mkdirSync(realPictures);
    const linkedPictures = join(outside, 'linked-pictures');
    symlinkSync(realPictures, linkedPictures);
    const harness = await start([linkedPictures]);
    const before = platformUploads(harness);

    const secret = writeImage(join(outside, 'secret.png'));
    symlinkSync(secret, join(mediaDir(), 'innocent.png'));
    symlinkSync(outside, join(mediaDir(), 'door'));
    symlinkSync(join(outside, 'gone.png'), join(mediaDir(), 'dangling.png'));
    for (const file_path of [
      join(mediaDir(), 'innocent.png'),
      'innocent.png',
      join(mediaDir(), 'door', 'secret.png'),
      join(mediaDir(), 'dangling.png'),
      join(linkedPictures, 'innocent.png'),
    ]) {
      if (file_path === join(linkedPictures, 'innocent.png')) symlinkSync(secret, file_path);
      const answer = await harness.call('social_upload_media', { file_path });
      expect(answer.error).toMatchObject({ code: 'file_read_error', message: UPLOAD_REFUSED_MESSAGE });
    }
    expect(platformUploads(harness)).toEqual(before);

    // The allowed folder is itself a symlink: named either way, its files upload.
    writeImage(join(realPictures, 'ok.webp'), 'webp');
    for (const file_path of [join(linkedPictures, 'ok.webp'), join(realPictures, 'ok.webp')]) {
      const answer = await harness.call('social_upload_media', { file_path, dry_run: true });
      expect(answer.data).toMatchObject({ valid: true, media_type: 'image/webp' });
    }
    // A link inside that stays inside is fine.
    symlinkSync(join(realPictures, 'ok.webp'), join(mediaDir(), 'alias.webp'));
    expect((await harness.call('social_upload_media', { file_path: 'alias.webp' })).data).toMatchObject({
      media_id: expect.any(String),
    });
  });

  it('refuses `..` even when it would land inside', async () => {
    const harness = await start();
    writeImage(join(mediaDir(), 'in.png'));
    mkdirSync(join(mediaDir(), 'sub'));
    const outside = outsideDir();
    writeImage(join(outside, 'out.png'));
    for (const file_path of [
      join(mediaDir(), '..', 'tokens.json'),
      `${mediaDir()}/../media/in.png`,
      `${mediaDir()}/sub/../in.png`,
      `${mediaDir()}/../../${outside.split('/').pop()}/out.png`,
      '../tokens.json',
      '..',
      `${mediaDir()}/sub\\..\\in.png`,
      `${mediaDir()}/in.png\0.txt`,
    ]) {
      const answer = await harness.call('social_upload_media', { file_path });
      expect(answer.error).toMatchObject({ code: 'file_read_error', message: UPLOAD_REFUSED_MESSAGE });
    }
    expect(platformUploads(harness).requests).toBe(0);
  });

  it('a FIFO inside or outside answers at once, many times over, and the next upload still works', async () => {
    const harness = await start();
    const inside = mkfifo(join(mediaDir(), 'pipe.png'));
    const outside = mkfifo(join(outsideDir(), 'pipe.png'));
    const calls = [inside, outside].flatMap((file_path) =>
      Array.from({ length: 5 }, () => harness.call('social_upload_media', { file_path })),
    );
    const answers = await within(3000, Promise.all(calls));
    for (const answer of answers.slice(0, 5)) {
      expect(answer.error).toMatchObject({
        code: 'file_read_error',
        message: `${inside} is not a regular file`,
      });
    }
    for (const answer of answers.slice(5)) {
      expect(answer.error).toMatchObject({ code: 'file_read_error', message: UPLOAD_REFUSED_MESSAGE });
    }
    const image = writeImage(join(mediaDir(), 'after.png'));
    const next = await within(3000, harness.call('social_upload_media', { file_path: image }));
    expect(next.data).toMatchObject({ media_id: expect.any(String) });
  });

  it.each([
    ['png', 'after IEND'],
    ['jpeg', 'after EOI'],
    ['gif', 'after the trailer'],
    ['webp', 'outside the RIFF size'],
  ] as const)('refuses a %s with bytes %s, and uploads it clean', async (kind, _where) => {
    const harness = await start();
    const dirty = join(mediaDir(), `dirty.${kind}`);
    writeFileSync(dirty, withTrailer(kind, 'PK\u0003\u0004 a zip archive with everything in ~/.ssh'));
    for (const dry_run of [true, false]) {
      const answer = await harness.call('social_upload_media', { file_path: dirty, dry_run });
      expect(answer.error?.code).toBe('unsupported_media_type');
      expect(answer.error?.message).toMatch(/bytes after the end of the \w+ image/);
    }
    expect(platformUploads(harness).requests).toBe(0);

    const clean = writeImage(join(mediaDir(), `clean.${kind}`), kind);
    const uploaded = await harness.call('social_upload_media', { file_path: clean });
    expect(uploaded.data).toMatchObject({
      media_type: COMPLETE_IMAGES[kind].mime,
      media_id: expect.any(String),
    });
  });

  it('refuses an image cut short before its end', async () => {
    const harness = await start();
    const cut = join(mediaDir(), 'cut.png');
    writeFileSync(cut, COMPLETE_IMAGES.png.bytes.subarray(0, 50));
    const answer = await harness.call('social_upload_media', { file_path: cut });
    expect(answer.error?.code).toBe('unsupported_media_type');
    expect(answer.error?.message).toContain('not a complete PNG image');
  });
});
