// Building and serialising the v1.0 envelope: one success shape, one error shape from AppError, and a
// fallback when a result cannot be serialised.
import {
  type Envelope,
  type EnvelopeError,
  type EnvelopeMeta,
  TOOL_VERSION,
} from '../../contracts/tools/envelope.js';
import { AppError, isAppError } from '../../core/errors.js';

export function toolMeta(elapsedMs: number, extra: Partial<EnvelopeMeta> = {}): EnvelopeMeta {
  return { tool_version: TOOL_VERSION, elapsed_ms: Math.max(0, Math.round(elapsedMs)), ...extra };
}

/** A thrown value as the service's error: typed errors as they are, a raw SQLite failure as db_error. */
function asAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  const message = (error as Error)?.message ?? String(error);
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code.startsWith('SQLITE_'))
    return new AppError('db_error', `database failure: ${message}`, { cause: error });
  // No code of the 28 names a bug of ours; the message says plainly that it is one.
  return new AppError('social_api_error', `internal error: ${message}`, { retryable: false, cause: error });
}

/** Any thrown value as an envelope error; unknown failures are reported, never swallowed. */
export function envelopeError(error: unknown): EnvelopeError {
  const appError = asAppError(error);
  return {
    code: appError.code,
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
