// Media upload against the fake: simple uploads sniffed from bytes, chunked uploads with STATUS polling,
// the legacy command form, and a 50 MB streamed upload that must not grow the server's memory.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type Client,
  client,
  mediaForm,
  mp4Bytes,
  pngBytes,
} from '../../../../test/support/fake-social-client.js';
import { type FakeSocial, startFakeSocial } from './server.js';

type Data = { data: Record<string, unknown> & { id: string; processing_info?: Record<string, unknown> } };
let fake: FakeSocial;
let api: Client;

beforeAll(async () => {
  fake = await startFakeSocial();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.state.reset();
  api = client(
    fake.url,
    fake.state.issueToken({ scopes: ['tweet.read', 'tweet.write', 'users.read', 'media.write'] }).accessToken,
  );
});

const upload = (path: string, form: FormData) => api.send<Data>(path, { method: 'POST', body: form });

async function chunked(bytes: Buffer, segmentSize: number, mediaType = 'video/mp4'): Promise<string> {
  const init = await api.post<Data>('/2/media/upload/initialize', {
    media_type: mediaType,
    total_bytes: bytes.length,
    media_category: 'tweet_video',
  });
  expect(init.status).toBe(200);
  const id = init.body.data.id;
  for (let index = 0; index * segmentSize < bytes.length; index += 1) {
    const part = bytes.subarray(index * segmentSize, (index + 1) * segmentSize);
    const reply = await upload(
      `/2/media/upload/${id}/append`,
      mediaForm({ segment_index: String(index) }, part),
    );
    expect(reply.status).toBe(200);
  }
  return id;
}

describe('simple upload', () => {
  it('detects the type from magic bytes, not the declared content type', async () => {
    const bytes = pngBytes(640, 480, 4096);
    const reply = await upload(
      '/2/media/upload',
      mediaForm({ media_category: 'tweet_image' }, bytes, 'video/mp4'),
    );
    expect(reply.status).toBe(200);
    const { id } = reply.body.data;
    expect(reply.body).toEqual({
      data: {
        id,
        media_key: `3_${id}`,
        size: 4096,
        expires_after_secs: 86400,
        image: { image_type: 'image/png', w: 640, h: 480 },
      },
    });
    expect(fake.state.media.get(id)?.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    const post = await api.post<Data>('/2/tweets', { text: 'with a picture', media: { media_ids: [id] } });
    expect(post.status).toBe(201);
    const shown = await api.get<Data>(`/2/tweets/${post.body.data.id}`, { 'tweet.fields': 'attachments' });
    expect(shown.body.data.attachments).toEqual({ media_keys: [`3_${id}`] });
  });

  it('refuses unknown bytes, oversized images and video', async () => {
    expect((await upload('/2/media/upload', mediaForm({}, Buffer.from('just text')))).status).toBe(400);
    expect((await upload('/2/media/upload', mediaForm({}, pngBytes(1, 1, 5 * 1024 * 1024 + 1)))).status).toBe(
      400,
    );
    expect((await upload('/2/media/upload', mediaForm({}, mp4Bytes(1024)))).status).toBe(400);
  });
});

describe('chunked upload', () => {
  it('processes video through STATUS polls before it can be posted', async () => {
    const bytes = mp4Bytes(300_000);
    const id = await chunked(bytes, 128 * 1024);
    const finalize = await api.post<Data>(`/2/media/upload/${id}/finalize`);
    expect(finalize.body.data).toMatchObject({
      id,
      media_key: `7_${id}`,
      size: 300_000,
      processing_info: { state: 'pending', check_after_secs: 1 },
    });
    expect((await api.post('/2/tweets', { text: 'too early', media: { media_ids: [id] } })).status).toBe(400);

    const first = await api.get<Data>('/2/media/upload', { command: 'STATUS', media_id: id });
    expect(first.body.data.processing_info).toEqual({
      state: 'in_progress',
      check_after_secs: 1,
      progress_percent: 50,
    });
    const second = await api.get<Data>('/2/media/upload', { command: 'STATUS', media_id: id });
    expect(second.body.data.processing_info).toEqual({ state: 'succeeded', progress_percent: 100 });
    expect(fake.state.media.get(id)?.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect((await api.post('/2/tweets', { text: 'video time', media: { media_ids: [id] } })).status).toBe(
      201,
    );
  });

  it('enforces segment order, total size and supported types', async () => {
    const init = await api.post<Data>('/2/media/upload/initialize', {
      media_type: 'video/mp4',
      total_bytes: 2000,
      media_category: 'tweet_video',
    });
    const id = init.body.data.id;
    expect(
      (await upload(`/2/media/upload/${id}/append`, mediaForm({ segment_index: '1' }, mp4Bytes(1000))))
        .status,
    ).toBe(400);
    expect(
      (await upload(`/2/media/upload/${id}/append`, mediaForm({ segment_index: '0' }, mp4Bytes(1000))))
        .status,
    ).toBe(200);
    const short = await api.post(`/2/media/upload/${id}/finalize`);
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({
      errors: [{ message: 'Segments do not add up to provided total file size.' }],
    });
    expect(
      (await api.post('/2/media/upload/initialize', { media_type: 'application/pdf', total_bytes: 10 }))
        .status,
    ).toBe(400);
    expect(
      (
        await api.post('/2/media/upload/initialize', {
          media_type: 'image/gif',
          total_bytes: 16 * 1024 * 1024,
        })
      ).status,
    ).toBe(400);
  });

  it('reports failed processing when asked to', async () => {
    fake.state.failNextProcessing();
    fake.state.setProcessingPolls(1);
    const id = await chunked(mp4Bytes(10_000), 10_000);
    await api.post(`/2/media/upload/${id}/finalize`);
    const status = await api.get<Data>('/2/media/upload', { command: 'STATUS', media_id: id });
    expect(status.body.data.processing_info).toMatchObject({
      state: 'failed',
      error: { name: 'InvalidMedia' },
    });
  });

  it('accepts the older command=INIT|APPEND|FINALIZE form', async () => {
    const bytes = mp4Bytes(50_000);
    const init = await api.send<Data>('/2/media/upload', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        command: 'INIT',
        media_type: 'video/mp4',
        total_bytes: String(bytes.length),
      }),
    });
    const id = init.body.data.id;
    const append = await upload(
      '/2/media/upload',
      mediaForm({ command: 'APPEND', media_id: id, segment_index: '0' }, bytes),
    );
    expect(append.status).toBe(200);
    const finalize = await upload('/2/media/upload', mediaForm({ command: 'FINALIZE', media_id: id }));
    expect(finalize.body.data.processing_info).toMatchObject({ state: 'pending' });
    expect(fake.state.media.get(id)?.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
  });
});

/** A multipart body streamed from one reused buffer, so the test itself allocates almost nothing. */
function streamedSegment(index: number, segment: Buffer): { body: ReadableStream<Uint8Array>; type: string } {
  const boundary = `----fake${index}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="segment_index"\r\n\r\n${index}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const parts = [head, segment, tail];
  return {
    type: `multipart/form-data; boundary=${boundary}`,
    body: new ReadableStream({
      pull(controller) {
        const next = parts.shift();
        if (next) controller.enqueue(new Uint8Array(next.buffer, next.byteOffset, next.length));
        else controller.close();
      },
    }),
  };
}

describe('streaming', () => {
  async function streamUpload(segments: number, first: Buffer, rest: Buffer) {
    const expected = createHash('sha256');
    const init = await api.post<Data>('/2/media/upload/initialize', {
      media_type: 'video/mp4',
      total_bytes: first.length * segments,
      media_category: 'tweet_video',
    });
    const id = init.body.data.id;
    for (let index = 0; index < segments; index += 1) {
      const segment = index === 0 ? first : rest;
      expected.update(segment);
      const { body, type } = streamedSegment(index, segment);
      const reply = await api.send(`/2/media/upload/${id}/append`, {
        method: 'POST',
        headers: { 'content-type': type },
        body,
        duplex: 'half',
      } as RequestInit);
      expect(reply.status).toBe(200);
    }
    return { id, sha256: expected.digest('hex') };
  }

  it('takes a 50 MB chunked upload without buffering it', async () => {
    const segmentSize = 5 * 1024 * 1024;
    const first = mp4Bytes(segmentSize, 1);
    const rest = Buffer.alloc(segmentSize, 2);
    // A first upload settles allocator pools, so the measured one shows what an upload retains.
    await streamUpload(2, first, rest);
    const before = process.memoryUsage().rss;
    const { id, sha256 } = await streamUpload(10, first, rest);
    const grown = process.memoryUsage().rss - before;
    expect((await api.post<Data>(`/2/media/upload/${id}/finalize`)).body.data.size).toBe(segmentSize * 10);
    expect(fake.state.media.get(id)?.sha256).toBe(sha256);
    expect(grown).toBeLessThan(25 * 1024 * 1024);
  });
});
