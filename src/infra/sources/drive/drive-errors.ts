// What the cloud drive and its OAuth server answered (or failed to answer), as the service's error codes:
// 401 social_auth_expired, 403 social_forbidden (Google's 403 rate limits are rate limits), 404 not_found,
// 429 social_rate_limited, 5xx social_api_error (retryable), network social_network_error. A refused
// grant (invalid_grant) is its own type: the linked account must be linked again.
import { AppError } from '../../../core/errors.js';

/** The token endpoint refused the stored grant (revoked, expired, or the account lost access). */
export class DriveGrantRefused extends AppError {
  /** What the token endpoint said (`invalid_grant: Token has been expired or revoked.`). */
  readonly said: string;

  constructor(message: string, said: string) {
    super('social_auth_expired', message, { retryable: false });
    this.said = said;
    this.name = 'DriveGrantRefused';
  }
}

export function isGrantRefused(error: unknown): error is DriveGrantRefused {
  return error instanceof DriveGrantRefused;
}

/** Google answers some rate limits with 403 and these reasons. */
const RATE_LIMIT_REASONS = new Set([
  'rateLimitExceeded',
  'userRateLimitExceeded',
  'sharingRateLimitExceeded',
]);

interface Described {
  /** Drive's `errors[0].reason`, or the OAuth `error`. */
  reason?: string;
  message?: string;
  oauth: boolean;
}

function describe(text: string): Described {
  try {
    const body = JSON.parse(text) as {
      error?: string | { message?: string; errors?: Array<{ reason?: string; message?: string }> };
      error_description?: string;
    };
    if (typeof body.error === 'string')
      return { reason: body.error, message: body.error_description, oauth: true };
    if (body.error && typeof body.error === 'object') {
      return { reason: body.error.errors?.[0]?.reason, message: body.error.message, oauth: false };
    }
  } catch {
    // not JSON: an HTML error page or a proxy's text
  }
  return { oauth: false };
}

const clip = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text);

/** Seconds from a Retry-After header (delta seconds or an HTTP date), if there is one. */
export function retryAfterSeconds(headers: Headers, now: Date): number | undefined {
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

/** Is this answer worth another try (after a pause)? */
export function isTransient(status: number, text: string): boolean {
  if (status === 429 || status >= 500) return true;
  return status === 403 && RATE_LIMIT_REASONS.has(describe(text).reason ?? '');
}

/** The error for a non-2xx answer to `what` (e.g. "listing folder X"). */
export function errorFromAnswer(status: number, text: string, what: string, retryAfter?: number): AppError {
  const { reason, message, oauth } = describe(text);
  const said = [reason, message ? clip(message) : undefined].filter(Boolean).join(': ');
  const detail = `cloud drive: ${what} answered ${status}${said ? ` (${said})` : ''}`;
  const details = { status, ...(reason ? { reason } : {}) };
  if (oauth && reason === 'invalid_grant') {
    return new DriveGrantRefused(
      `cloud drive: the stored authorization was refused (${said}); link the drive again (Settings → Content sources → Connect)`,
      said,
    );
  }
  if (oauth && (reason === 'invalid_client' || reason === 'unauthorized_client')) {
    return new AppError(
      'validation_error',
      `${detail}; check [connectors.cloud_drive] client_id and client_secret`,
      { details },
    );
  }
  if (status === 401)
    return new AppError('social_auth_expired', `${detail}; the access token was refused`, { details });
  if (status === 429 || (status === 403 && RATE_LIMIT_REASONS.has(reason ?? ''))) {
    return new AppError('social_rate_limited', `${detail}; rate limited, will try again later`, {
      retryable: true,
      details,
      ...(retryAfter === undefined ? {} : { retryAfterSeconds: retryAfter }),
    });
  }
  if (status === 403) return new AppError('social_forbidden', `${detail}; access denied`, { details });
  if (status === 404)
    return new AppError('not_found', `${detail}; not found (or not shared with this account)`, { details });
  if (status >= 500)
    return new AppError('social_api_error', `${detail}; the drive is having trouble`, { details });
  return new AppError('social_api_error', detail, { retryable: false, details });
}

/** The HTTP status an error of `errorFromAnswer` came from, if it came from an answer. */
export function statusOf(error: unknown): number | undefined {
  const details = (error as { details?: { status?: unknown } } | null)?.details;
  return typeof details?.status === 'number' ? details.status : undefined;
}

/** A request that got no answer (refused, reset, timed out). */
export function errorFromNetwork(cause: unknown, what: string): AppError {
  const timeout = cause instanceof Error && (cause.name === 'TimeoutError' || cause.name === 'AbortError');
  const reason = timeout
    ? 'timed out'
    : cause instanceof Error
      ? ((cause.cause as Error | undefined)?.message ?? cause.message)
      : String(cause);
  return new AppError('social_network_error', `cloud drive: ${what} failed: ${reason}`, { cause });
}
