// Writes take their fields from a JSON body only (or a multipart upload where the route says so): a
// query string never stands in for a body, and a form post, a text/plain body or any other type is
// refused before anything is parsed. A cross-site form can produce none of the accepted requests. JSON
// nested past MAX_JSON_DEPTH is refused as it is parsed.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_JSON_DEPTH, tooDeepField } from '../../core/domain/json-depth.js';
import { AppError } from '../../core/errors.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ACCEPTED = { json: 'application/json', multipart: 'multipart/form-data' } as const;

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** The media type of a Content-Type header: lower case, without parameters. */
export function mediaTypeOf(header: string | undefined): string {
  return (header ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
}

export function registerWriteBodyRules(app: FastifyInstance): void {
  // Only JSON (and multipart, registered by its plugin) is ever parsed. An empty JSON body is no fields
  // (action routes such as /approve take none); anything else goes through Fastify's own parser, which
  // refuses prototype-poisoning keys.
  app.removeContentTypeParser('text/plain');
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    // A body nested past the limit is refused here, before anything walks it recursively (a stack
    // overflow would be a 500 far from its cause).
    void json(request, text, (error, value) => {
      const field = error ? undefined : tooDeepField(value);
      if (field === undefined) {
        done(error, value);
        return;
      }
      const message = `nested deeper than ${MAX_JSON_DEPTH} levels`;
      done(
        new AppError('validation_error', `${field || 'the JSON body'}: ${message}`, {
          details: { issues: [{ path: field, message }] },
        }),
      );
    });
  });
  app.addHook('onRequest', async (request) => {
    if (!WRITES.has(request.method) || request.is404) return;
    const query = (request.raw.url ?? '').split('?')[1];
    if (query !== undefined && query !== '') {
      throw new AppError(
        'invalid_input',
        `${request.method} takes no query parameters; send the fields as a JSON body`,
      );
    }
    if (!hasBody(request)) return;
    const accepted = ACCEPTED[request.routeOptions.config.body ?? 'json'];
    const type = mediaTypeOf(request.headers['content-type']);
    if (type !== accepted) {
      throw new AppError(
        'unsupported_media_type',
        `${request.method} ${request.routeOptions.url} takes ${accepted}, not ${type || 'an untyped body'}`,
      );
    }
  });
}
