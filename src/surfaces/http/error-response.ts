// The HTTP face's one error shape `{ error: { code, message, details? } }` and its one status table, also
// for what Fastify and Node's HTTP parser refuse themselves (bad URL encoding, over-long params, headers
// or bodies, malformed requests).
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ConflictError, type ErrorCode, isAppError, TooLargeError } from '../../core/errors.js';

/** HTTP-only situations that are not one of the 28 service codes. */
export type HttpOnlyCode =
  | 'unauthenticated'
  | 'forbidden'
  | 'conflict'
  | 'payload_too_large'
  | 'throttled'
  | 'uri_too_long'
  | 'headers_too_large'
  | 'internal';

export interface ErrorBody {
  error: { code: ErrorCode | HttpOnlyCode; message: string; details?: unknown };
}

export const STATUS: Record<ErrorCode, number> = {
  validation_error: 400,
  invalid_input: 400,
  tweet_too_long: 400,
  unsupported_media_type: 400,
  file_read_error: 400,
  not_found: 404,
  social_not_configured: 409,
  llm_not_configured: 409,
  scraper_mutation_blocked: 403,
  policy_denied_blocked: 403,
  policy_denied_hard_rule: 403,
  policy_denied_user_rule: 403,
  policy_denied_rate_limited: 429,
  social_rate_limited: 429,
  social_auth_expired: 502,
  social_forbidden: 502,
  social_account_restricted: 502,
  social_network_error: 502,
  social_api_error: 502,
  media_upload_error: 502,
  thread_partial_failure: 502,
  llm_error: 502,
  context_error: 500,
  recommendation_error: 500,
  topic_error: 500,
  db_error: 500,
  policy_error: 500,
  serialization_error: 500,
};

/** A failure the HTTP layer itself decides (auth, CSRF, host, size, throttling). */
export class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | HttpOnlyCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpFailure';
  }
}

export function sendError(
  reply: FastifyReply,
  status: number,
  body: ErrorBody,
  headers: Record<string, string> = {},
) {
  return reply.code(status).headers(headers).type('application/json; charset=utf-8').send(body);
}

/** Maps anything thrown by a route to the error shape; internals never leak into the message. */
export function toErrorResponse(error: unknown): {
  status: number;
  body: ErrorBody;
  headers: Record<string, string>;
} {
  if (error instanceof HttpFailure) {
    return {
      status: error.status,
      body: { error: { code: error.code, message: error.message } },
      headers: error.headers,
    };
  }
  if (error instanceof ConflictError) {
    return {
      status: 409,
      body: { error: { code: 'conflict', message: error.message, details: error.details } },
      headers: {},
    };
  }
  if (error instanceof TooLargeError) {
    return {
      status: 413,
      body: { error: { code: 'payload_too_large', message: error.message, details: error.details } },
      headers: {},
    };
  }
  if (isAppError(error)) {
    const headers: Record<string, string> = {};
    if (error.resetAt)
      headers['retry-after'] = String(Math.max(1, Math.ceil((error.resetAt.getTime() - Date.now()) / 1000)));
    const details = error.resetAt
      ? { ...(error.details as object), rate_limit_reset: error.resetAt.toISOString() }
      : error.details;
    return {
      status: STATUS[error.code],
      body: { error: { code: error.code, message: error.message, details } },
      headers,
    };
  }
  const fastifyError = error as FastifyError;
  if (fastifyError?.statusCode === 413 || fastifyError?.code === 'FST_REQ_FILE_TOO_LARGE') {
    return {
      status: 413,
      body: { error: { code: 'payload_too_large', message: 'request body too large' } },
      headers: {},
    };
  }
  if (fastifyError?.statusCode === 415) {
    return {
      status: 415,
      body: { error: { code: 'unsupported_media_type', message: 'unsupported Content-Type for this route' } },
      headers: {},
    };
  }
  if (fastifyError?.statusCode === 414 || fastifyError?.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return {
      status: 414,
      body: { error: { code: 'uri_too_long', message: 'a path parameter is too long' } },
      headers: {},
    };
  }
  if (fastifyError?.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return {
      status: 400,
      body: { error: { code: 'invalid_input', message: fastifyError.message } },
      headers: {},
    };
  }
  return { status: 500, body: { error: { code: 'internal', message: 'internal error' } }, headers: {} };
}

/** Fastify's own refusals before routing (bad URL encoding, over-long parameters), in the one shape. */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const { status, body, headers } = toErrorResponse(error);
  return sendError(reply, status, body, headers);
}

const CLIENT_ERRORS: Record<string, { status: number; code: HttpOnlyCode | ErrorCode; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, code: 'headers_too_large', message: 'request headers too large' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: 'invalid_input', message: 'request timed out' },
};

/** Requests Node's HTTP parser refuses never reach Fastify: answer them on the socket, in the one shape. */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
  const { status, code, message } = known ?? {
    status: 400,
    code: 'invalid_input' as const,
    message: 'malformed HTTP request',
  };
  const body = JSON.stringify({ error: { code, message } });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request'}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const { status, body, headers } = toErrorResponse(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return sendError(reply, status, body, headers);
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 404, {
      error: {
        code: 'not_found',
        message: `no route ${request.method} ${(request.url.split('?', 1)[0] ?? '').slice(0, 200)}`,
      },
    }),
  );
}
