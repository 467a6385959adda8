// Media upload against the fake: type from content, simple images, chunked GIF/video with processing,
// and the errors a user can cause.
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MB } from '../../src/core/domain/media-rules.js';
import { faultPresets } from '../../src/infra/sandbox/social/index.js';
import type { SocialBackend } from '../../src/infra/social/create-social-backend.js';
import { CHUNK_BYTES } from '../../src/infra/social/media-upload.js';
import { writeMedia } from '../support/media-files.js';
import { type SocialHarness, startSocialHarness } from '../support/social-harness.js';

let h: SocialHarness;
let social: SocialBackend;
beforeAll(async () => {
  h = await startSocialHarness();
  h.storeToken();
  social = h.backend();
});
beforeEach(() => {
  h.fake.faults.clear();
  h.fake.requests.length = 0;
});
afterAll(() => h.close());

const file = (name: string) => `${h.home.dir}/${name}`;

describe('media upload', () => {
  it('uploads an image in one request, detecting the type from content (a PNG named .jpg)', async () => {
    const media = await social.write.uploadMedia(writeMedia(file('photo.jpg'), 'png'));
    expect(media).toMatchObject({ kind: 'image', mimeType: 'image/png', strategy: 'simple', segments: 1 });
    expect(h.seen()).toEqual(['POST /2/media/upload']);
    const post = await social.write.postTweet({ text: 'with a picture', mediaIds: [media.mediaId] });
    expect(post.id).toBeDefined();
  });

  it('accepts JPEG and WebP too', async () => {
    await expect(social.write.uploadMedia(writeMedia(file('a.bin'), 'jpeg', 2048))).resolves.toMatchObject({
      mimeType: 'image/jpeg',
    });
    await expect(social.write.uploadMedia(writeMedia(file('b.bin'), 'webp'))).resolves.toMatchObject({
      mimeType: 'image/webp',
    });
  });

  it('uploads a video in 4 MiB chunks, then polls STATUS until processing succeeds', async () => {
    h.fake.state.setProcessingPolls(2);
    const size = 2 * CHUNK_BYTES + 123;
    const media = await social.write.uploadMedia(writeMedia(file('clip.mp4'), 'mp4', size));
    expect(media).toMatchObject({
      kind: 'video',
      mimeType: 'video/mp4',
      strategy: 'chunked',
      segments: 3,
      processing: 'succeeded',
    });
    expect(h.seen()).toEqual([
      'POST /2/media/upload/initialize',
      `POST /2/media/upload/${media.mediaId}/append`,
      `POST /2/media/upload/${media.mediaId}/append`,
      `POST /2/media/upload/${media.mediaId}/append`,
      `POST /2/media/upload/${media.mediaId}/finalize`,
      'GET /2/media/upload',
      'GET /2/media/upload',
    ]);
    expect(h.fake.state.media.get(media.mediaId)).toMatchObject({
      totalBytes: size,
      receivedBytes: size,
      state: 'succeeded',
    });
    await expect(
      social.write.postTweet({ text: 'with a video', mediaIds: [media.mediaId] }),
    ).resolves.toBeDefined();
  });

  it('GIFs go chunked as tweet_gif', async () => {
    const media = await social.write.uploadMedia(writeMedia(file('loop.gif'), 'gif', 1 * MB));
    expect(media).toMatchObject({ kind: 'gif', strategy: 'chunked', segments: 1 });
  });

  it('a failed processing → media_upload_error', async () => {
    h.fake.state.failNextProcessing();
    await expect(social.write.uploadMedia(writeMedia(file('bad.mp4'), 'mp4', MB))).rejects.toMatchObject({
      code: 'media_upload_error',
      message: expect.stringContaining('processing failed'),
    });
  });

  it('refuses what it cannot upload, before sending anything', async () => {
    writeFileSync(file('notes.png'), 'just text pretending to be an image');
    await expect(social.write.uploadMedia(file('notes.png'))).rejects.toMatchObject({
      code: 'unsupported_media_type',
    });
    await expect(social.write.uploadMedia(file('missing.png'))).rejects.toMatchObject({
      code: 'file_read_error',
    });
    await expect(
      social.write.uploadMedia(writeMedia(file('big.png'), 'png', 5 * MB + 1)),
    ).rejects.toMatchObject({
      code: 'validation_error',
      message: expect.stringContaining('at most 5 MB'),
    });
    await expect(
      social.write.uploadMedia(writeMedia(file('big.gif'), 'gif', 15 * MB + 1)),
    ).rejects.toMatchObject({
      code: 'validation_error',
    });
    expect(h.seen()).toEqual([]);
  });

  it('a platform failure mid-upload → media_upload_error; rate limits keep their own code', async () => {
    h.fake.faults.inject({ path: /\/append$/, action: faultPresets.serverError(500) });
    await expect(social.write.uploadMedia(writeMedia(file('c.mp4'), 'mp4', MB))).rejects.toMatchObject({
      code: 'media_upload_error',
    });
    h.fake.faults.clear();
    h.fake.faults.inject({ path: '/2/media/upload', method: 'POST', action: faultPresets.rateLimited(60) });
    await expect(social.write.uploadMedia(writeMedia(file('d.png'), 'png'))).rejects.toMatchObject({
      code: 'social_rate_limited',
    });
  });
});
