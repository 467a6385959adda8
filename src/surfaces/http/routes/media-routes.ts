// Media upload (multipart, streamed to disk) and file serving for previews. The caller registers
// @fastify/multipart with its limits and the auth hooks; errors are thrown and mapped by error-response.
import type { MultipartFile } from '@fastify/multipart'; // also types request.isMultipart/file
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../../app/wiring/create-app.js';
import { AppError, isAppError } from '../../../core/errors.js';

export interface MediaRoutesDeps {
  /** The media store of the account the request acts on. */
  media(request: FastifyRequest): AppDeps['media'];
}

type StoredMedia = Awaited<ReturnType<AppDeps['media']['save']>>;

const FileQuerySchema = z.object({ path: z.string().min(1) });

/** A multipart body the parser could not read (no boundary, cut off, garbage) is the client's fault. */
function malformed(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: number } | null)?.statusCode;
  if (status !== undefined && status >= 400 && status < 500) return error;
  return new AppError('invalid_input', 'malformed multipart body', { cause: error });
}

/** Registers `POST /api/media/upload` and `GET /api/media/file?path=`. */
export function registerMediaRoutes(app: FastifyInstance, deps: MediaRoutesDeps): void {
  app.post('/api/media/upload', { config: { body: 'multipart' } }, async (request, reply) => {
    if (!request.isMultipart()) {
      throw new AppError('invalid_input', 'expected a multipart/form-data body with one file');
    }
    // The first file part, whatever its field name (the dashboard uses `file`).
    let part: MultipartFile | undefined;
    try {
      part = await request.file();
    } catch (error) {
      throw malformed(error);
    }
    if (!part) throw new AppError('invalid_input', 'no file in the upload');
    const file = part.file;
    // An error of the part's own stream means the body broke off or is garbage (not our disk or database).
    let bodyFailed = false;
    file.once('error', () => {
      bodyFailed = true;
    });
    // Streamed, never buffered: the file stream reports `truncated` when multipart's fileSize limit cut it.
    let stored: StoredMedia;
    try {
      stored = await deps.media(request).save(file, part.filename, { wasTruncated: () => file.truncated });
    } catch (error) {
      // Refused before the body was read to its end (over the cap): close the connection after answering,
      // rather than leave the client's upload stalled on a keep-alive socket nobody reads any more.
      if (!file.readableEnded) reply.header('connection', 'close');
      if (bodyFailed && !(isAppError(error) && error.code === 'payload_too_large')) {
        throw new AppError('invalid_input', 'malformed multipart body (cut off or not multipart)', {
          cause: error,
        });
      }
      throw error;
    }
    return reply.code(201).send({
      id: stored.id,
      path: stored.path,
      file_name: stored.file_name,
      media_type: stored.mime,
      kind: stored.kind,
      size: stored.size_bytes,
      width: stored.width ?? null,
      height: stored.height ?? null,
    });
  });

  app.get('/api/media/file', async (request, reply) => {
    // Fastify has decoded the query string once; the value is used as is (no second decode).
    const query = FileQuerySchema.safeParse(request.query);
    if (!query.success) throw new AppError('invalid_input', 'query parameter `path` is required (one value)');
    const file = await deps.media(request).open(query.data.path);
    return reply
      .headers({
        'content-type': file.mime,
        'content-length': String(file.sizeBytes),
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, max-age=3600',
      })
      .send(file.stream);
  });
}
