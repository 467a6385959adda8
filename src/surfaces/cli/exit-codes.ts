// The CLI's one mapping from error codes to exit codes.
import type { ErrorCode } from '../../core/errors.js';
import { EXIT_FAILURE, EXIT_USAGE } from './cli-io.js';

const USAGE_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'validation_error',
  'invalid_input',
  'tweet_too_long',
  'unsupported_media_type',
]);

export function exitCodeFor(code: ErrorCode): number {
  return USAGE_CODES.has(code) ? EXIT_USAGE : EXIT_FAILURE;
}
