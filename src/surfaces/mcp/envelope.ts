// Building and serialising the v1.0 envelope: one success shape, one error shape from AppError, and a
// fallback when a result cannot be serialised.

import { randomUUID } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  type Envelope,
  type EnvelopeError,
  type EnvelopeMeta,
  TOOL_VERSION,
} from '../../contracts/tools/envelope.js';
import {
  AppError,
  type AppErrorCode,
  ERROR_CODES,
  type ErrorCode,
  type ExtraCode,
  isAppError,
} from '../../core/errors.js';

export function toolMeta(elapsedMs: number, extra: Partial<EnvelopeMeta> = {}): EnvelopeMeta {
  return { tool_version: TOOL_VERSION, elapsed_ms: Math.max(0, Math.round(elapsedMs)), ...extra };
}

/** The envelope's one mapping: every error code as one of the spec's 28. */
const ENVELOPE_CODE: Record<ExtraCode, ErrorCode> = {
  conflict: 'validation_error',
  payload_too_large: 'validation_error',
  // None of the 28 names a bug of ours: it is reported non-retryable, saying plainly that it is internal.
  internal: 'social_api_error',
  // The HTTP face's own refusals never reach a tool; listed so the table is whole.
  unauthenticated: 'invalid_input',
  forbidden: 'invalid_input',
  throttled: 'invalid_input',
  uri_too_long: 'invalid_input',
  headers_too_large: 'invalid_input',
  // The caller cancelled the call (the SDK sends no answer then); details.cancelled says so.
  cancelled: 'validation_error',
};

const isSpecCode = (code: AppErrorCode): code is ErrorCode =>
  (ERROR_CODES as readonly string[]).includes(code);

/**
 * A thrown value as the service's error: typed errors as they are, a raw SQLite failure as db_error, and
 * anything else as `internal`, logged with its stack under a correlation id the answer carries.
 */
function asAppError(error: unknown, log?: { error(obj: object, msg: string): void }): AppError {
  if (isAppError(error)) return error;
  const message = (error as Error)?.message ?? String(error);
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code.startsWith('SQLITE_'))
    return new AppError('db_error', `database failure: ${message}`, { cause: error });
  const correlationId = randomUUID();
  log?.error({ err: error, correlation_id: correlationId }, 'internal error');
  return new AppError('internal', `internal error (correlation id ${correlationId}); this is a bug in app`, {
    retryable: false,
    details: { internal: true, correlation_id: correlationId },
    cause: error,
  });
}

/** Any thrown value as an envelope error; unknown failures are reported, never swallowed. */
export function envelopeError(
  error: unknown,
  log?: { error(obj: object, msg: string): void },
): EnvelopeError {
  const appError = asAppError(error, log);
  return {
    code: isSpecCode(appError.code) ? appError.code : ENVELOPE_CODE[appError.code],
    message: appError.message,
    retryable: appError.retryable,
    ...(appError.resetAt ? { rate_limit_reset: appError.resetAt.toISOString() } : {}),
    ...(appError.policyDecision ? { policy_decision: appError.policyDecision } : {}),
    ...(appError.details === undefined ? {} : { details: appError.details }),
  };
}

/** JSON text of the envelope; a result that cannot be serialised becomes a serialization_error envelope. */
export function serializeEnvelope(envelope: Envelope): { envelope: Envelope; text: string } {
  try {
    return { envelope, text: JSON.stringify(envelope) };
  } catch (error) {
    const fallback: Envelope = {
      success: false,
      data: null,
      error: {
        code: 'serialization_error',
        message: `the result could not be serialised: ${(error as Error).message}`,
        retryable: false,
      },
      meta: envelope.meta,
    };
    return { envelope: fallback, text: JSON.stringify(fallback) };
  }
}

/**
 * The tools/call result: the envelope as JSON text (clients that read only text) and as structuredContent
 * (checked against the tool's outputSchema). Both come from the one serialised text, so they never differ.
 */
export function toolAnswer(envelope: Envelope, text: string): CallToolResult {
  return {
    content: [{ type: 'text', text }],
    structuredContent: JSON.parse(text) as Record<string, unknown>,
    isError: !envelope.success,
  };
}
