// The one door to the platform: builds the URL, checks scopes, adds the bearer token, applies timeouts,
// retries reads (network errors and 5xx, capped jittered back-off) but never blindly retries a write,
// refreshes once on 401, honours rate-limit headers and the breaker, records every call (with what a
// successful one is on the platform's pay-per-use bill), maps errors.
import type { SocialEndpoint, SocialHost } from '../../contracts/social-endpoint.js';
import type { CircuitBreaker } from '../../core/domain/circuit-breaker.js';
import { classifyPlatformCall, type PlatformCharge } from '../../core/domain/platform-prices.js';
import { AppError } from '../../core/errors.js';
import type { ApiUsageRecorder } from '../../core/ports/api-usage.js';
import type { Clock } from '../../core/ports/clock.js';
import { exchange } from './http-exchange.js';
import {
  errorFromNetwork,
  errorFromPartial,
  errorFromResponse,
  malformedResponse,
  neverConnected,
  type RateLimit,
  rateLimitFrom,
} from './platform-errors.js';
import { backoffMs, MAX_READ_RETRIES, parseJsonBody } from './retry-policy.js';

export interface AccessGrant {
  accessToken: string;
  scopes: readonly string[];
}

export interface AccessTokens {
  /** The current token (refreshed first when due). Throws social_not_configured when there is none. */
  current(): Promise<AccessGrant>;
  /** After a 401 for `accessToken`: a fresh grant (single-flight refresh), or undefined if none is possible. */
  afterUnauthorized(accessToken: string): Promise<AccessGrant | undefined>;
}

export interface TransportOptions {
  baseUrls: Record<SocialHost, string>;
  timeoutMs: number;
  tokens: AccessTokens;
  clock: Clock;
  usage?: ApiUsageRecorder;
  /** The signed-in account's user id when known: reads about it are owned reads on the bill. */
  ownUserId?: () => string | undefined;
  /** Gates writes: opens after repeated 429 or 5xx answers to them (never for one refused post). */
  breaker?: CircuitBreaker;
  maxRetries?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

export interface SendRequest {
  endpoint: SocialEndpoint;
  pathParams?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  json?: unknown;
  form?: FormData;
  /** Extra headers (universal requests, after their header guard); never replace the bearer token. */
  headers?: Record<string, string>;
  /** Send `endpoint.path` as given (no placeholders): a universal request's already-validated path. */
  rawPath?: boolean;
}

/** Details of the AppError a 3xx answer becomes: redirects are never followed. */
export type { RedirectDetails } from '../../contracts/social-endpoint.js';

export interface SendResult {
  status: number;
  headers: Headers;
  json: unknown;
  text: string;
  rateLimit: RateLimit;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** An answer's status line and headers; its body is read after (an upload's, from fetch's stream). */
interface Answer {
  status: number;
  ok: boolean;
  headers: Headers;
  text(): Promise<string>;
}

/** Substitutes `{name}` placeholders; a missing or empty value is the caller's mistake. */
export function fillPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '')
      throw new AppError('invalid_input', `missing path parameter '${name}'`);
    return encodeURIComponent(value);
  });
}

export class HttpTransport {
  /** Endpoints known to be exhausted until their reset. */
  private readonly exhausted = new Map<string, Date>();
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;

  constructor(private readonly options: TransportOptions) {
    this.sleep = options.sleep ?? defaultSleep;
    this.random = options.random ?? Math.random;
  }

  async send(request: SendRequest): Promise<SendResult> {
    const { endpoint } = request;
    const what = `${endpoint.method} ${endpoint.path}`;
    const key = `${endpoint.host} ${what}`;
    const url = this.urlOf(request);
    for (const [name, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }

    let grant = await this.options.tokens.current();
    const missing = grant.scopes.length === 0 ? [] : endpoint.scopes.filter((s) => !grant.scopes.includes(s));
    if (missing.length > 0) {
      throw new AppError(
        'social_forbidden',
        `${what} needs the OAuth scope(s) ${missing.join(', ')}; run \`app auth\``,
      );
    }
    const resetAt = this.exhausted.get(key);
    if (resetAt && resetAt > this.options.clock.now()) {
      throw new AppError('social_rate_limited', `${what}: rate limited until ${resetAt.toISOString()}`, {
        resetAt,
      });
    }

    const write = endpoint.method !== 'GET';
    const breaker = write ? this.options.breaker : undefined;
    const permit = breaker?.tryAcquire();
    if (permit && !permit.allowed) {
      throw new AppError(
        'social_rate_limited',
        `${what}: circuit breaker open after repeated rate-limit/forbidden errors`,
        // `breaker` tells the loops' scheduler to pause as `breaker`, not count a platform failure.
        { resetAt: permit.retryAt, details: { breaker: 'open' } },
      );
    }

    const maxRetries = this.options.maxRetries ?? MAX_READ_RETRIES;
    let refreshed = false;
    try {
      for (let attempt = 0; ; attempt++) {
        const started = performance.now();
        let response: Answer;
        try {
          response = await this.request(url, endpoint.method, headersOf(request, grant.accessToken), request);
        } catch (cause) {
          const error = errorFromNetwork(cause, what);
          await this.record(endpoint, url, 0, started, error.code);
          // A write is retried only when it provably never left this machine.
          const retryable = (!write || neverConnected(cause)) && attempt < maxRetries;
          if (!retryable) throw error;
          await this.sleep(backoffMs(attempt, this.random));
          continue;
        }

        const text = await response.text();
        const rateLimit = rateLimitFrom(response.headers);
        if (rateLimit.remaining === 0 && rateLimit.resetAt) this.exhausted.set(key, rateLimit.resetAt);
        else if (response.ok) this.exhausted.delete(key);
        const json = parseJsonBody(text);

        if (response.status === 401 && !refreshed) {
          await this.record(endpoint, url, 401, started, 'social_auth_expired');
          refreshed = true;
          const next = await this.options.tokens.afterUnauthorized(grant.accessToken);
          if (next) {
            grant = next;
            attempt--;
            continue;
          }
        }
        if (response.status >= 500 && !write && attempt < maxRetries) {
          await this.record(endpoint, url, response.status, started, 'social_api_error');
          await this.sleep(backoffMs(attempt, this.random));
          continue;
        }
        if (response.status >= 300 && response.status < 400) {
          const location = response.headers.get('location');
          await this.record(endpoint, url, response.status, started, 'social_api_error');
          throw new AppError(
            'social_api_error',
            `${what}: the platform answered ${response.status} redirecting to ${location ?? '(no location)'}; redirects are never followed`,
            { retryable: false, details: { redirect: { status: response.status, location } } },
          );
        }
        if (!response.ok) {
          const error = errorFromResponse({
            status: response.status,
            headers: response.headers,
            text,
            json,
            what,
          });
          await this.record(endpoint, url, response.status, started, error.code);
          // Only the platform pushing back (rate limits, its own failures) opens the breaker: a refusal of one
          // post (a 403 for duplicate content, a forbidden target) says nothing about the next one.
          if (breaker && (response.status === 429 || response.status >= 500)) breaker.recordFailure();
          throw error;
        }
        const answered = json !== undefined && !isPartialError(json);
        const charge = answered ? this.chargeOf(request, json) : undefined;
        await this.record(endpoint, url, response.status, started, undefined, charge);
        breaker?.recordSuccess();
        if (text.trim() !== '' && json === undefined) {
          throw malformedResponse(response.status, text, what, 'not JSON');
        }
        if (isPartialError(json)) throw errorFromPartial(json, what);
        return { status: response.status, headers: response.headers, json: json ?? null, text, rateLimit };
      }
    } finally {
      breaker?.release();
    }
  }

  /**
   * The exchange itself. A redirect could lead anywhere (another host, a metadata address): it is an answer,
   * never a hop (node:http does not follow them; fetch is told not to). An upload's multipart form goes
   * through fetch, which encodes it; everything else through node:http (http-exchange.ts), which costs half
   * the CPU a call.
   */
  private async request(url: URL, method: string, headers: Headers, request: SendRequest): Promise<Answer> {
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    if (request.form) {
      const response = await fetch(url, { method, headers, body: request.form, redirect: 'manual', signal });
      return {
        status: response.status,
        ok: response.ok,
        headers: response.headers,
        text: () => response.text(),
      };
    }
    const body = request.json === undefined ? undefined : JSON.stringify(request.json);
    const answer = await exchange(url, { method, headers, ...(body === undefined ? {} : { body }), signal });
    return { ...answer, text: async () => answer.text };
  }

  private urlOf(request: SendRequest): URL {
    const { endpoint } = request;
    const base = this.options.baseUrls[endpoint.host];
    if (!request.rawPath) return new URL(fillPath(endpoint.path, request.pathParams), base);
    const url = new URL(endpoint.path, base);
    // The path was validated before; this is the last line against one that would resolve elsewhere.
    if (
      !endpoint.path.startsWith('/') ||
      endpoint.path.startsWith('//') ||
      url.origin !== new URL(base).origin
    ) {
      throw new AppError('validation_error', `path guard: ${endpoint.path} does not stay on ${base}`);
    }
    return url;
  }

  /** What the answered call is on the bill: classified from the path as sent, the body and the answer. */
  private chargeOf(request: SendRequest, answer: unknown): PlatformCharge | undefined {
    const { endpoint } = request;
    return classifyPlatformCall({
      method: endpoint.method,
      host: endpoint.host,
      // The platform's path (a base URL may carry a prefix of its own): the filled template, or the raw path.
      path: request.rawPath
        ? (endpoint.path.split('?')[0] ?? '')
        : fillPath(endpoint.path, request.pathParams),
      body: request.json,
      answer,
      ownUserId: this.options.ownUserId?.(),
    });
  }

  private record(
    endpoint: SocialEndpoint,
    url: URL,
    status: number,
    started: number,
    errorCode?: string,
    charge?: PlatformCharge,
  ): Promise<void> | undefined {
    return this.options.usage?.record({
      host: url.host,
      method: endpoint.method,
      endpoint: endpoint.path,
      status,
      latencyMs: Math.round(performance.now() - started),
      errorCode,
      ...(charge ? { charge } : {}),
    });
  }
}

/** Caller headers first, so the content type may be chosen but the bearer token always wins. */
function headersOf(request: SendRequest, accessToken: string): Headers {
  const headers = new Headers();
  if (request.json !== undefined) headers.set('content-type', 'application/json');
  for (const [name, value] of Object.entries(request.headers ?? {})) headers.set(name, value);
  headers.set('authorization', `Bearer ${accessToken}`);
  return headers;
}

function isPartialError(json: unknown): json is { errors: [] } {
  if (typeof json !== 'object' || json === null) return false;
  const body = json as { data?: unknown; errors?: unknown };
  return body.data === undefined && Array.isArray(body.errors) && body.errors.length > 0;
}
