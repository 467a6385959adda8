// The HTTP face's one error shape `{ error: { code, message, details? } }` and its one status table, also
// for what Fastify and Node's HTTP parser refuse themselves (bad URL encoding, over-long params, headers
// or bodies, malformed requests).
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type AppErrorCode, isAppError } from '../../core/errors.js';
import { API_HEADERS } from './api-headers.js';

export interface ErrorBody {
  error: { code: AppErrorCode; message: string; details?: unknown };
}

/** The HTTP face's one status table: every error code the service knows. */
export const STATUS: Record<AppErrorCode, number> = {
  validation_error: 400,
  invalid_input: 400,
  tweet_too_long: 400,
  file_read_error: 400,
  unsupported_media_type: 415,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  social_not_configured: 409,
  llm_not_configured: 409,
  unauthenticated: 401,
  forbidden: 403,
  scraper_mutation_blocked: 403,
  policy_denied_blocked: 403,
  policy_denied_hard_rule: 403,
  policy_denied_user_rule: 403,
  uri_too_long: 414,
  headers_too_large: 431,
  throttled: 429,
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
  internal: 500,
  // Only the tool server can cancel a run; 499 (client closed request) keeps the table whole.
  cancelled: 499,
};

export function sendError(
  reply: FastifyReply,
  status: number,
  body: ErrorBody,
  headers: Record<string, string> = {},
) {
  return reply.code(status).headers(headers).type('application/json; charset=utf-8').send(body);
}

/** Fastify's own refusals as the service's codes (their messages are safe to show). */
function fromFastify(error: FastifyError): AppError | undefined {
  const status = error.statusCode;
  if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError('payload_too_large', 'request body too large');
  if (status === 415)
    return new AppError('unsupported_media_type', 'unsupported Content-Type for this route');
  if (status === 414 || error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return new AppError('uri_too_long', 'a path parameter is too long');
  if (status !== undefined && status >= 400 && status < 500)
    return new AppError('invalid_input', error.message);
  return undefined;
}

/**
 * Maps anything thrown by a route to the error shape. A failure that is none of ours to describe (a bug)
 * is `internal`: no details leak, and the correlation id in the answer finds it in the log.
 */
export function toErrorResponse(
  thrown: unknown,
  log?: Pick<FastifyBaseLogger, 'error'>,
): { status: number; body: ErrorBody; headers: Record<string, string> } {
  let error = isAppError(thrown) ? thrown : fromFastify(thrown as FastifyError);
  if (!error) {
    const correlationId = randomUUID();
    log?.error({ err: thrown, correlation_id: correlationId }, 'internal error');
    error = new AppError('internal', `internal error (correlation id ${correlationId})`, {
      details: { correlation_id: correlationId },
    });
  }
  const headers: Record<string, string> = {};
  if (error.retryAfterSeconds !== undefined) headers['retry-after'] = String(error.retryAfterSeconds);
  else if (error.resetAt)
    headers['retry-after'] = String(Math.max(1, Math.ceil((error.resetAt.getTime() - Date.now()) / 1000)));
  const details = error.resetAt
    ? { ...(error.details as object), rate_limit_reset: error.resetAt.toISOString() }
    : error.details;
  return {
    status: STATUS[error.code],
    body: {
      error: { code: error.code, message: error.message, ...(details === undefined ? {} : { details }) },
    },
    headers,
  };
}

/**
 * Fastify's own refusals before routing (bad URL encoding, over-long parameters), in the one shape. No hook
 * runs for them, so they carry the API's headers here.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const { status, body, headers } = toErrorResponse(error);
  return sendError(reply, status, body, { ...headers, ...API_HEADERS });
}

const CLIENT_ERRORS: Record<string, { status: number; code: AppErrorCode; message: string }> = {
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
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const { status, body, headers } = toErrorResponse(error, request.log);
    if (status >= 500 && body.error.code !== 'internal') request.log.error({ err: error }, 'request failed');
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
