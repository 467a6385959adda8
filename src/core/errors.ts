// The one error type of the service, over exactly the spec's 28 error codes.
// Each face maps it once: HTTP status, tool-envelope code, CLI exit code.

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

export function isRetryableCode(code: ErrorCode): boolean {
  return RETRYABLE.has(code);
}

export interface AppErrorOptions {
  retryable?: boolean;
  /** When a rate limit resets (ISO 8601 in envelopes). */
  resetAt?: Date;
  /** Structured detail for the caller (validation issues, partial results...). */
  details?: unknown;
  /** Set by the mutation policy engine on its denials (tool envelopes carry it). */
  policyDecision?: 'denied';
  cause?: unknown;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly retryable: boolean;
  readonly resetAt: Date | undefined;
  readonly details: unknown;
  readonly policyDecision: 'denied' | undefined;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.retryable = options.retryable ?? isRetryableCode(code);
    this.resetAt = options.resetAt;
    this.details = options.details;
    this.policyDecision = options.policyDecision;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/**
 * A write based on a stale version (optimistic concurrency). Its code is one of the 28 for envelopes;
 * the HTTP face answers 409 with the server's current state in `details.current`.
 */
export class ConflictError extends AppError {
  constructor(message: string, current: unknown) {
    super('validation_error', message, { retryable: false, details: { conflict: true, current } });
    this.name = 'ConflictError';
  }
}

/** Input larger than allowed (HTTP 413). */
export class TooLargeError extends AppError {
  constructor(message: string, details?: unknown) {
    super('validation_error', message, { retryable: false, details });
    this.name = 'TooLargeError';
  }
}
