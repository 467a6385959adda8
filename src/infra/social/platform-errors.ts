// Maps what the platform answered (status, headers, body) or failed to answer onto the spec's error codes.
// Everything a platform call can throw passes through here, so callers only ever see AppError.
import { AppError } from '../../core/errors.js';

export interface RateLimit {
  limit?: number;
  remaining?: number;
  resetAt?: Date;
}

function headerInt(headers: Headers, name: string): number | undefined {
  const value = headers.get(name);
  if (value === null || !/^\d+$/.test(value.trim())) return undefined;
  return Number(value);
}

/** Reads `x-rate-limit-limit/remaining/reset` (reset is epoch seconds). */
export function rateLimitFrom(headers: Headers): RateLimit {
  const reset = headerInt(headers, 'x-rate-limit-reset');
  return {
    limit: headerInt(headers, 'x-rate-limit-limit'),
    remaining: headerInt(headers, 'x-rate-limit-remaining'),
    resetAt: reset === undefined ? undefined : new Date(reset * 1000),
  };
}

/** A short, single-line excerpt of a body for error messages (HTML pages included). */
export function excerpt(text: string, max = 160): string {
  const flat = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

interface ProblemBody {
  title?: string;
  detail?: string;
  type?: string;
  reason?: string;
  error?: string;
  error_description?: string;
  errors?: Array<{
    message?: string;
    detail?: string;
    code?: string | number;
    type?: string;
    title?: string;
  }>;
}

function describe(body: ProblemBody | undefined, text: string): string {
  if (!body) return excerpt(text) || 'no body';
  const first = body.errors?.[0];
  return (
    body.detail ??
    body.error_description ??
    first?.detail ??
    first?.message ??
    body.title ??
    body.error ??
    (excerpt(text) || 'no detail')
  );
}

const RESTRICTED = /suspend|locked|restricted|temporarily limited/i;
const GONE_TARGET = /deleted or not visible/i;

/** An HTTP answer that is not a success. */
export function errorFromResponse(input: {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
  what: string;
}): AppError {
  const { status, headers, text, what } = input;
  const body =
    typeof input.json === 'object' && input.json !== null ? (input.json as ProblemBody) : undefined;
  const detail = describe(body, text);
  const message = `${what}: HTTP ${status}: ${detail}`;
  const details = { status, body: body ?? excerpt(text, 500) };
  if (status === 429) {
    const resetAt = rateLimitFrom(headers).resetAt;
    const until = resetAt ? ` (resets ${resetAt.toISOString()})` : '';
    return new AppError('social_rate_limited', `${what}: rate limited${until}`, { resetAt, details });
  }
  if (status === 401) return new AppError('social_auth_expired', message, { details });
  if (status === 403) {
    if (RESTRICTED.test(detail)) return new AppError('social_account_restricted', message, { details });
    // A reply or quote of a post that was deleted, or whose author was suspended or went protected: the
    // post is gone for this account — an answer about that post, not about the account or its access.
    if (GONE_TARGET.test(detail)) return new AppError('not_found', message, { details });
    if (body?.reason === 'client-not-enrolled') {
      return new AppError(
        'social_forbidden',
        `${message} (your API access tier does not include this endpoint)`,
        {
          details: { ...details, tier_restricted: true },
        },
      );
    }
    return new AppError('social_forbidden', message, { details });
  }
  if (status === 404) return new AppError('not_found', message, { details });
  // Other 4xx are our request's fault: retrying the same request cannot help.
  return new AppError('social_api_error', message, { retryable: status >= 500, details });
}

/** 200 with `errors` and no `data`: the resource was not found (or otherwise refused). */
export function errorFromPartial(json: ProblemBody, what: string): AppError {
  const first = json.errors?.[0];
  const notFound = first?.type?.endsWith('resource-not-found') || first?.title === 'Not Found Error';
  const detail = first?.detail ?? first?.message ?? 'the platform returned errors and no data';
  return new AppError(notFound ? 'not_found' : 'social_api_error', `${what}: ${detail}`, {
    retryable: false,
    details: { errors: json.errors },
  });
}

/** A 2xx answer whose body is not what the endpoint promises. */
export function malformedResponse(status: number, text: string, what: string, problem: string): AppError {
  return new AppError(
    'social_api_error',
    `${what}: malformed response (HTTP ${status}, ${problem}): ${excerpt(text)}`,
    {
      retryable: false,
      details: { status, excerpt: excerpt(text, 500) },
    },
  );
}

interface NetworkFailure {
  name?: string;
  message?: string;
  code?: string;
  cause?: { code?: string; message?: string };
}

/** The failure's code: fetch wraps it (`cause.code`), node:http gives it as is (`code`). */
const codeOf = (err: NetworkFailure | undefined) => err?.cause?.code ?? err?.code;

/** The request threw: DNS, refused, reset, timeout. */
export function errorFromNetwork(cause: unknown, what: string): AppError {
  const err = cause as NetworkFailure | undefined;
  const reason =
    err?.name === 'TimeoutError' || err?.name === 'AbortError'
      ? 'timed out'
      : (codeOf(err) ?? err?.cause?.message ?? err?.message ?? String(cause));
  return new AppError('social_network_error', `${what}: network error (${reason})`, { cause });
}

/** True when the connection was never established, so nothing reached the platform. */
export function neverConnected(cause: unknown): boolean {
  const code = codeOf(cause as NetworkFailure | undefined);
  return code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN';
}
