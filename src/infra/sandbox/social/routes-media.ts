// Media upload routes: simple multipart upload, the chunked initialize/append/finalize endpoints, the
// older `command=INIT|APPEND|FINALIZE` form on /2/media/upload, and STATUS polling. File parts are
// streamed through a hashing sink, so memory stays flat whatever the upload size.
import type { FastifyRequest } from 'fastify';
import {
  applySegment,
  finalizeUpload,
  findUpload,
  initUpload,
  mediaError,
  pollStatus,
  segmentSink,
  simpleUpload,
} from './media-flow.js';
import { ByteSink } from './media-sniff.js';
import type { MediaRecord } from './model.js';
import { type ApiContext, type ApiRoute, jsonObject, ok } from './route-kit.js';

const SCOPES = { scopes: [], anyScope: ['media.write', 'tweet.write'] };
/** JSON bodies may carry base64 media (some SDKs append that way). */
const JSON_MEDIA_LIMIT = 24 * 1024 * 1024;

interface Collected {
  fields: Record<string, string>;
  sink?: ByteSink;
  /** Upload byte count at the time the sink copied its hash; undefined for a fresh sink. */
  base?: number;
}

export function mediaRoutes(): ApiRoute[] {
  return [
    {
      method: 'POST',
      url: '/2/media/upload',
      ...SCOPES,
      bodyLimit: JSON_MEDIA_LIMIT,
      handler: async (ctx) => {
        const { fields, sink, base } = await collect(ctx, (fields) =>
          fields.command?.toUpperCase() === 'APPEND' && fields.media_id
            ? findUpload(ctx.state, ctx.user.id, fields.media_id)
            : undefined,
        );
        const command = fields.command?.toUpperCase();
        if (command === 'INIT') return ok(initUpload(ctx.state, ctx.user.id, fields));
        if (command === 'APPEND') {
          const record = findUpload(ctx.state, ctx.user.id, fields.media_id);
          return ok(applySegment(record, fields.segment_index, sink ?? new ByteSink(), base));
        }
        if (command === 'FINALIZE')
          return ok(finalizeUpload(ctx.state, findUpload(ctx.state, ctx.user.id, fields.media_id)));
        if (command !== undefined) throw mediaError(`Unknown command: ${command}`, 'command', [command]);
        if (!sink) throw mediaError('The media part is missing or empty.', 'media', []);
        return ok(simpleUpload(ctx.state, ctx.user.id, sink, fields.media_category));
      },
    },
    {
      method: 'POST',
      url: '/2/media/upload/initialize',
      ...SCOPES,
      json: true,
      handler: ({ state, user, body }) => ok(initUpload(state, user.id, jsonObject(body))),
    },
    {
      method: 'POST',
      url: '/2/media/upload/:id/append',
      ...SCOPES,
      bodyLimit: JSON_MEDIA_LIMIT,
      handler: async (ctx) => {
        const record = findUpload(ctx.state, ctx.user.id, ctx.params.id);
        const { fields, sink, base } = await collect(ctx, () => record);
        return ok(applySegment(record, fields.segment_index, sink ?? new ByteSink(), base));
      },
    },
    {
      method: 'POST',
      url: '/2/media/upload/:id/finalize',
      ...SCOPES,
      handler: ({ state, user, params }) => ok(finalizeUpload(state, findUpload(state, user.id, params.id))),
    },
    {
      method: 'GET',
      url: '/2/media/upload',
      ...SCOPES,
      handler: ({ state, user, query }) => {
        const command = (query.command ?? '').toUpperCase();
        if (command !== 'STATUS')
          throw mediaError(`Unknown command: ${command || '(missing)'}`, 'command', [command]);
        return ok(pollStatus(findUpload(state, user.id, query.media_id)));
      },
    },
  ];
}

/**
 * Reads fields and the `media` file part. When `target` already knows the upload as the file starts,
 * the bytes continue its running hash; otherwise they go to a fresh sink.
 */
async function collect(
  ctx: ApiContext,
  target: (fields: Record<string, string>) => MediaRecord | undefined,
): Promise<Collected> {
  const req = ctx.req as FastifyRequest;
  const result: Collected = { fields: { ...ctx.query } };
  if (!req.isMultipart()) {
    const body =
      ctx.body && typeof ctx.body === 'object' && !Buffer.isBuffer(ctx.body)
        ? (ctx.body as Record<string, unknown>)
        : {};
    for (const [key, value] of Object.entries(body))
      if (key !== 'media' && key !== 'media_data') result.fields[key] = String(value);
    const base64 = body.media ?? body.media_data;
    if (typeof base64 === 'string') {
      const record = target(result.fields);
      const start = record ? segmentSink(record) : { sink: new ByteSink(), base: undefined };
      start.sink.write(Buffer.from(base64, 'base64'));
      result.sink = start.sink;
      result.base = start.base;
    }
    return result;
  }
  for await (const part of req.parts()) {
    if (part.type === 'field') {
      result.fields[part.fieldname] = String(part.value);
      continue;
    }
    if (part.fieldname !== 'media' || result.sink) {
      // Unknown or repeated file parts are drained so the request can finish.
      for await (const _chunk of part.file) void _chunk;
      continue;
    }
    let record: MediaRecord | undefined;
    try {
      record = target(result.fields);
    } catch {
      record = undefined;
    }
    const start = record ? segmentSink(record) : { sink: new ByteSink(), base: undefined };
    await start.sink.drain(part.file);
    result.sink = start.sink;
    result.base = start.base;
  }
  return result;
}
