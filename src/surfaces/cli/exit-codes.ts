// The CLI's one mapping from error codes to exit codes: 2 for input the user can fix, 1 for the rest.
import type { AppErrorCode } from '../../core/errors.js';
import { EXIT_FAILURE, EXIT_USAGE } from './cli-io.js';

const USAGE_CODES: ReadonlySet<AppErrorCode> = new Set<AppErrorCode>([
  'validation_error',
  'invalid_input',
  'tweet_too_long',
  'unsupported_media_type',
  'conflict',
  'payload_too_large',
]);

export function exitCodeFor(code: AppErrorCode): number {
  return USAGE_CODES.has(code) ? EXIT_USAGE : EXIT_FAILURE;
}
