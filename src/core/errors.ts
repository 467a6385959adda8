// The one error type of the service: the spec's 28 error codes, plus the few situations a face must tell
// apart that none of them names (a conflict, something too large, a bug of ours, and the HTTP face's own
// refusals). Each face maps every code once, in one table: HTTP status, envelope code, CLI exit code.

import type { AppErrorCode, ErrorCode } from '../contracts/errors.js';

export {
  type AppErrorCode,
  ERROR_CODES,
  type ErrorCode,
  EXTRA_CODES,
  type ExtraCode,
} from '../contracts/errors.js';

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
