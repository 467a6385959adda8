// The context tools answer one code each when they fail (spec: context_error, recommendation_error,
// topic_error); the underlying code (a platform rate limit, a database error...) stays in the details so a
// caller can still tell a missing author from an outage.
import { AppError, type ErrorCode, isAppError } from '../../errors.js';

export type ContextErrorCode = Extract<ErrorCode, 'context_error' | 'recommendation_error' | 'topic_error'>;

/** A storage driver failure (SQLite reports codes like SQLITE_ERROR, SQLITE_BUSY). */
function isStorageFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_');
}

export function contextFailure(code: ContextErrorCode, what: string, error: unknown): AppError {
  if (isAppError(error) && error.code === code) return error;
  const cause = isAppError(error) ? error : undefined;
  const message = (error as Error)?.message ?? String(error);
  return new AppError(code, `${what}: ${message}`, {
    cause: error,
    resetAt: cause?.resetAt,
    details: { cause_code: cause?.code ?? (isStorageFailure(error) ? 'db_error' : 'internal') },
  });
}
