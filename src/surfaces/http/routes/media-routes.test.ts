// Upload and file routes through fastify.inject(), with real multipart bodies, temp dirs and SQLite.
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../../../test/support/fake-clock.js';
import { type HEADERS, writeMedia } from '../../../../test/support/media-files.js';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import { MB } from '../../../core/domain/media-rules.js';
import { MediaStore } from '../../../infra/media/media-store.js';
import { type AppDatabase, openDatabase } from '../../../infra/sqlite/open-database.js';
import { MediaFileRepository } from '../../../infra/sqlite/repositories/media-file-repository.js';
import { registerErrorHandling } from '../error-response.js';
import { registerMediaRoutes } from './media-routes.js';

const BOUNDARY = '----composer-test-boundary';
const SECRET = 'api_key = "do-not-leak"';

let dir: string;
let mediaDir: string;
let database: AppDatabase;
let app: FastifyInstance;

async function buildApp(limits: {
  fileSize: number;
  throwFileSizeLimit?: boolean;
  maxUploadBytes?: number;
}): Promise<FastifyInstance> {
  const server = Fastify();
  registerErrorHandling(server);
  await server.register(multipart, {
    limits: { fileSize: limits.fileSize, files: 1 },
    throwFileSizeLimit: limits.throwFileSizeLimit ?? true,
  });
  const media = new MediaStore({
    mediaDir,
    repository: new MediaFileRepository(database, DEFAULT_ACCOUNT_ID),
    accountId: DEFAULT_ACCOUNT_ID,
    clock: new FakeClock(),
    ...(limits.maxUploadBytes ? { maxUploadBytes: limits.maxUploadBytes } : {}),
  });
  registerMediaRoutes(server, { media: () => media });
  await server.ready();
  return server;
}

interface Part {
  name: string;
  value: Buffer | string;
  filename?: string;
  type?: string;
}

function multipartBody(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    const type = part.filename ? `\r\nContent-Type: ${part.type ?? 'application/octet-stream'}` : '';
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

function upload(parts: Part[]) {
  return app.inject({
    method: 'POST',
    url: '/api/media/upload',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: multipartBody(parts),
  });
}

function fileOf(kind: keyof typeof HEADERS, size?: number): Buffer {
  return readFileSync(writeMedia(join(dir, `src-${kind}-${size ?? 0}`), kind, size));
}

const getFile = (path: string) =>
  app.inject({ method: 'GET', url: `/api/media/file?path=${encodeURIComponent(path)}` });

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'media-routes-'));
  mediaDir = join(dir, 'media');
  database = openDatabase({ path: ':memory:' });
  writeFileSync(join(dir, 'config.toml'), SECRET);
  app = await buildApp({ fileSize: 512 * MB + MB });
});
afterEach(async () => {
  await app.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('POST /api/media/upload', () => {
  const accepted = [
    { kind: 'png', mime: 'image/png', media: 'image', width: 1, height: 1 },
    { kind: 'jpeg', mime: 'image/jpeg', media: 'image', width: null, height: null },
    { kind: 'webp', mime: 'image/webp', media: 'image', width: 1, height: 1 },
    { kind: 'gif', mime: 'image/gif', media: 'gif', width: 1, height: 1 },
    { kind: 'mp4', mime: 'video/mp4', media: 'video', width: null, height: null },
  ] as const;

  for (const c of accepted) {
    it(`accepts ${c.kind} and answers 201 with the stored path`, async () => {
      const bytes = fileOf(c.kind, 2048);
      const response = await upload([{ name: 'file', value: bytes, filename: `a.${c.kind}`, type: c.mime }]);
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toEqual({
        id: expect.any(String),
        path: expect.stringMatching(new RegExp(`^${mediaDir}/[0-9a-f-]{36}\\.\\w+$`)),
        file_name: expect.any(String),
        media_type: c.mime,
        kind: c.media,
        size: 2048,
        width: c.width,
        height: c.height,
      });
      expect(body.path).toBe(join(mediaDir, body.file_name));
      expect(readFileSync(body.path)).toEqual(bytes);
    });
  }

  it('takes the first file part whatever its field name, after other fields', async () => {
    const response = await upload([
      { name: 'caption', value: 'hello' },
      { name: 'attachment', value: fileOf('gif'), filename: 'g.gif', type: 'image/gif' },
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json().media_type).toBe('image/gif');
  });

  it('trusts content, not the name or part type: a PNG named x.gif is a PNG', async () => {
    const response = await upload([
      { name: 'file', value: fileOf('png'), filename: 'x.gif', type: 'image/gif' },
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ media_type: 'image/png', kind: 'image', width: 1, height: 1 });
    expect(response.json().file_name).toMatch(/\.png$/);
  });

  it('refuses a text file as unsupported_media_type (415)', async () => {
    const response = await upload([
      { name: 'file', value: 'just words', filename: 'a.png', type: 'image/png' },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toMatchObject({
      code: 'unsupported_media_type',
      message: expect.stringContaining('accepted: JPEG, PNG, WebP, GIF, MP4'),
    });
    expect(readdirSync(mediaDir)).toEqual([]);
  });

  it('refuses a 6 MB PNG and a 16 MB GIF with 413, keeping no file', async () => {
    const png = await upload([{ name: 'file', value: fileOf('png', 6 * MB), filename: 'a.png' }]);
    expect(png.statusCode).toBe(413);
    expect(png.json().error).toMatchObject({
      code: 'payload_too_large',
      details: { kind: 'image', size_bytes: 6 * MB, max_bytes: 5 * MB },
    });
    const gif = await upload([{ name: 'file', value: fileOf('gif', 16 * MB), filename: 'a.gif' }]);
    expect(gif.statusCode).toBe(413);
    expect(gif.json().error.details).toMatchObject({ kind: 'gif', max_bytes: 15 * MB });
    expect(readdirSync(mediaDir)).toEqual([]);
  });

  it('answers 400 invalid_input without a file part or without multipart', async () => {
    const noFile = await upload([{ name: 'caption', value: 'hello' }]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error.code).toBe('invalid_input');
    const json = await app.inject({
      method: 'POST',
      url: '/api/media/upload',
      payload: { path: '/etc/passwd' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.code).toBe('invalid_input');
  });

  it('answers 413 past the store cap and closes the connection instead of reading on', async () => {
    await app.close();
    app = await buildApp({ fileSize: 512 * MB + MB, maxUploadBytes: 64 * 1024 });
    const response = await upload([{ name: 'file', value: fileOf('mp4', 256 * 1024), filename: 'v.mp4' }]);
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toMatchObject({
      code: 'payload_too_large',
      details: { max_bytes: 64 * 1024 },
    });
    expect(response.headers.connection).toBe('close');
    expect(readdirSync(mediaDir)).toEqual([]);
  });

  for (const throwFileSizeLimit of [true, false]) {
    it(`answers 413 when multipart's fileSize limit cuts the part (throwFileSizeLimit ${throwFileSizeLimit})`, async () => {
      await app.close();
      app = await buildApp({ fileSize: 1024, throwFileSizeLimit });
      const response = await upload([{ name: 'file', value: fileOf('png', 4096), filename: 'a.png' }]);
      expect(response.statusCode).toBe(413);
      expect(response.json().error.code).toBe('payload_too_large');
      expect(readdirSync(mediaDir)).toEqual([]);
    });
  }
});

describe('GET /api/media/file', () => {
  it('serves an uploaded file with its type, length and caching headers', async () => {
    const bytes = fileOf('webp', 3000);
    const uploaded = (await upload([{ name: 'file', value: bytes, filename: 'a.webp' }])).json();
    for (const path of [uploaded.path, uploaded.file_name]) {
      const response = await getFile(path);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload).toEqual(bytes);
      expect(response.headers).toMatchObject({
        'content-type': 'image/webp',
        'content-length': '3000',
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, max-age=3600',
      });
    }
  });

  it('answers 400 without a path and 404 for a missing file', async () => {
    const none = await app.inject({ method: 'GET', url: '/api/media/file' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.code).toBe('invalid_input');
    const twice = await app.inject({ method: 'GET', url: '/api/media/file?path=a.png&path=b.png' });
    expect(twice.statusCode).toBe(400);
    const missing = await getFile(join(mediaDir, 'nope.png'));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
  });

  it('refuses every traversal attempt without leaking contents', async () => {
    await upload([{ name: 'file', value: fileOf('png'), filename: 'a.png' }]);
    symlinkSync(join(dir, 'config.toml'), join(mediaDir, 'evil.png'));
    mkdirSync(join(mediaDir, 'folder'));
    mkdirSync(join(dir, 'media-evil'));
    writeFileSync(join(dir, 'media-evil', 'x.png'), SECRET);

    const raw = [
      '../../etc/passwd',
      '/etc/passwd',
      `${mediaDir}/../config.toml`,
      'evil.png',
      'folder',
      `${mediaDir}/folder`,
      `${dir}/media-evil/x.png`,
      '..\\config.toml',
    ].map((path) => `/api/media/file?path=${encodeURIComponent(path)}`);
    const handEncoded = [
      '/api/media/file?path=%2e%2e%2fconfig.toml', // decoded once: ../config.toml
      `/api/media/file?path=${encodeURIComponent(mediaDir)}%2f%2e%2e%2fconfig.toml`,
      '/api/media/file?path=a.png%00.png', // NUL byte
      '/api/media/file?path=..%2F..%2F..%2Fetc%2Fpasswd',
    ];
    for (const url of [...raw, ...handEncoded]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error, url).toEqual({ code: 'invalid_input', message: 'invalid media path' });
      expect(response.body).not.toContain('do-not-leak');
      expect(response.body).not.toContain('root:');
    }

    // Double-encoded: the server decodes once, so a literal %2e%2e%2f name reaches the store: missing, not traversal.
    const doubled = await app.inject({
      method: 'GET',
      url: '/api/media/file?path=%252e%252e%252fconfig.toml',
    });
    expect(doubled.statusCode).toBe(404);
    expect(doubled.body).not.toContain('do-not-leak');
  });
});
