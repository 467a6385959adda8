// The one error type of the service: the spec's 28 error codes, plus the few situations a face must tell
// apart that none of them names (a conflict, something too large, a bug of ours, and the HTTP face's own
// refusals). Each face maps every code once, in one table: HTTP status, envelope code, CLI exit code.

export const ERROR_CODES = [
  'social_rate_limited',
  'social_auth_expired',
  'social_forbidden',
  'social_account_restricted',
  'social_network_error',
  'social_not_configured',
  'social_api_error',
  'scraper_mutation_blocked',
  'db_error',
  'validation_error',
  'invalid_input',
  'tweet_too_long',
  'llm_error',
  'llm_not_configured',
  'unsupported_media_type',
  'file_read_error',
  'media_upload_error',
  'thread_partial_failure',
  'policy_error',
  'policy_denied_blocked',
  'policy_denied_rate_limited',
  'policy_denied_hard_rule',
  'policy_denied_user_rule',
  'context_error',
  'recommendation_error',
  'topic_error',
  'not_found',
  'serialization_error',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Beyond the 28: a write on stale state or an item already moved (`conflict`), input over a size limit
 * (`payload_too_large`), an unexpected failure of our own (`internal`: never retryable, never a platform
 * error), and what the HTTP face refuses before any operation runs. Envelopes report each under one of
 * the 28 (see surfaces/mcp/envelope.ts).
 */
export const EXTRA_CODES = [
  'conflict',
  'payload_too_large',
  'internal',
  'unauthenticated',
  'forbidden',
  'throttled',
  'uri_too_long',
  'headers_too_large',
] as const;
export type ExtraCode = (typeof EXTRA_CODES)[number];
export type AppErrorCode = ErrorCode | ExtraCode;

/** Codes a caller may retry as-is (spec, Errors table). */
const RETRYABLE: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'social_rate_limited',
  'social_network_error',
  'social_api_error',
  'db_error',
  'llm_error',
  'thread_partial_failure',
  'policy_error',
]);

export function isRetryableCode(code: AppErrorCode): boolean {
  return RETRYABLE.has(code as ErrorCode);
}

export interface AppErrorOptions {
  retryable?: boolean;
  /** When a rate limit resets (ISO 8601 in envelopes). */
  resetAt?: Date;
  /** Structured detail for the caller (validation issues, partial results...). */
  details?: unknown;
  /** Set by the mutation policy engine on its denials (tool envelopes carry it). */
  policyDecision?: 'denied';
  /** Seconds to wait before trying again (HTTP `Retry-After`), when known without a clock reading. */
  retryAfterSeconds?: number;
  cause?: unknown;
}

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly retryable: boolean;
  readonly resetAt: Date | undefined;
  readonly details: unknown;
  readonly policyDecision: 'denied' | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: AppErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.retryable = options.retryable ?? isRetryableCode(code);
    this.resetAt = options.resetAt;
    this.details = options.details;
    this.policyDecision = options.policyDecision;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/**
 * A write based on a stale version, or on an item someone else moved first: the HTTP face answers 409 with
 * the server's current state in `details.current`; envelopes carry it as validation_error with
 * `details.conflict`.
 */
export function conflictError(message: string, current: unknown): AppError {
  return new AppError('conflict', message, { retryable: false, details: { conflict: true, current } });
}

/** Input larger than allowed (HTTP 413; validation_error in envelopes). */
export function tooLargeError(message: string, details?: unknown): AppError {
  return new AppError('payload_too_large', message, { retryable: false, details });
}
