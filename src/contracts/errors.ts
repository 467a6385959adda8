// The error codes every face and envelope speaks: the spec's 28, and the few extra situations the faces
// must tell apart. Data only, so contracts (envelopes, tool bindings) and the dashboard can name them;
// the AppError class that carries them lives in core/errors.ts.

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
 * the 28 (see surfaces/mcp/envelope.ts). `cancelled`: the caller cancelled a long tool call (audited with it).
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
  'cancelled',
] as const;
export type ExtraCode = (typeof EXTRA_CODES)[number];
export type AppErrorCode = ErrorCode | ExtraCode;
