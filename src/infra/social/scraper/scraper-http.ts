// The scraper's door to the web API: web-app headers, browser session or guest token, timeouts, read
// retries (never write retries), guest-token renewal, usage records; every failure mapped by platform-errors.
import type { AppError } from '../../../core/errors.js';
import type { ApiUsageRecorder } from '../../../core/ports/api-usage.js';
import { errorFromNetwork, errorFromResponse, malformedResponse } from '../platform-errors.js';
import { backoffMs, MAX_READ_RETRIES, parseJsonBody } from '../retry-policy.js';
import type { ScraperSession } from './scraper-session.js';

export interface ScraperHttpOptions {
  /** Web API root, e.g. `https://x.com/i/api`. */
  baseUrl: string;
  timeoutMs: number;
  bearerToken: string;
  /** The current browser session, if any (read per request so an import applies at once). */
  session: () => Promise<ScraperSession | undefined>;
  /** The error a write fails with when there is no session (its wording names the session file). */
  noSession: () => AppError;
  usage?: ApiUsageRecorder;
  maxRetries?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

export interface ScraperRequest {
  method: 'GET' | 'POST';
  /** Path below the base URL, already filled in. */
  path: string;
  /** Template recorded in the usage log, e.g. `/graphql/{queryId}/SearchTimeline`. */
  endpoint: string;
  query?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
  /** Writes must be signed in: a guest token can only read. */
  requireSession?: boolean;
  /** A POST that changes nothing (guest activation) may be retried like a read. */
  idempotent?: boolean;
}

export interface ScraperResponse {
  status: number;
  text: string;
  json: unknown;
  what: string;
}

const GUEST_ACTIVATE = '/1.1/guest/activate.json';
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class ScraperHttp {
  private guestToken: Promise<string> | undefined;
  private readonly base: string;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;

  constructor(private readonly options: ScraperHttpOptions) {
    // `new URL('/graphql', base)` would drop the base's own path (`/i/api`), so paths are appended as text.
    this.base = options.baseUrl.replace(/\/+$/, '');
    this.sleep = options.sleep ?? defaultSleep;
    this.random = options.random ?? Math.random;
  }

  /** Sends one request: JSON answer or AppError. */
  async send(request: ScraperRequest): Promise<ScraperResponse> {
    const session = await this.options.session();
    if (request.requireSession && !session) throw this.options.noSession();
    return this.exchange(request, session ? { session } : { guest: true });
  }

  private async exchange(
    request: ScraperRequest,
    auth: { session?: ScraperSession; guest?: boolean },
  ): Promise<ScraperResponse> {
    const what = `${request.method} ${request.endpoint}`;
    const url = this.url(request.path, request.query);
    const body = encodeBody(request);
    const write = request.method !== 'GET' && !request.idempotent;
    const maxRetries = this.options.maxRetries ?? MAX_READ_RETRIES;
    let renewedGuest = false;

    for (let attempt = 0; ; attempt++) {
      const guestToken = auth.guest ? this.currentGuestToken() : undefined;
      const guest = await guestToken;
      const headers = { ...this.baseHeaders(), ...authHeaders(auth.session, guest), ...body.headers };
      const started = performance.now();
      let response: Response;
      let text: string;
      try {
        response = await fetch(url, {
          method: request.method,
          headers,
          body: body.body,
          signal: AbortSignal.timeout(this.options.timeoutMs),
        });
        text = await response.text();
      } catch (cause) {
        const error = errorFromNetwork(cause, what);
        await this.record(request, url, 0, started, error.code);
        // A write may have reached the platform before the connection broke: sending it again could post twice.
        if (write || attempt >= maxRetries) throw error;
        await this.sleep(backoffMs(attempt, this.random));
        continue;
      }

      const json = parseJsonBody(text);
      if (guestToken !== undefined && !renewedGuest && isBadGuestToken(response.status, json)) {
        // Guest tokens expire after a few hours or a number of calls; one fresh token is worth one more try.
        await this.record(request, url, response.status, started, 'social_auth_expired');
        renewedGuest = true;
        if (this.guestToken === guestToken) this.guestToken = undefined;
        attempt--;
        continue;
      }
      if (response.status >= 500 && !write && attempt < maxRetries) {
        await this.record(request, url, response.status, started, 'social_api_error');
        await this.sleep(backoffMs(attempt, this.random));
        continue;
      }
      if (!response.ok) {
        const error = errorFromResponse({
          status: response.status,
          headers: response.headers,
          text,
          json,
          what,
        });
        await this.record(request, url, response.status, started, error.code);
        throw error;
      }
      if (json === undefined) {
        // HTML sign-in walls and error pages arrive as 200 too.
        const error = malformedResponse(response.status, text, what, 'not JSON');
        await this.record(request, url, response.status, started, error.code);
        throw error;
      }
      await this.record(request, url, response.status, started);
      return { status: response.status, text, json, what };
    }
  }

  private url(path: string, query: Record<string, string> = {}): URL {
    const url = new URL(`${this.base}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url;
  }

  private baseHeaders(): Record<string, string> {
    return {
      authorization: `Bearer ${this.options.bearerToken}`,
      accept: 'application/json',
      'x-twitter-active-user': 'yes',
      'x-twitter-client-language': 'en',
    };
  }

  /** The cached guest token, activating one when there is none (single flight: one activation at a time). */
  private currentGuestToken(): Promise<string> {
    if (!this.guestToken) {
      const pending = this.activateGuestToken();
      this.guestToken = pending;
      // A failed activation must not poison the cache: the next request tries again.
      void pending.catch(() => {
        if (this.guestToken === pending) this.guestToken = undefined;
      });
    }
    return this.guestToken;
  }

  private async activateGuestToken(): Promise<string> {
    // Activation changes nothing on any account, so it is retried like a read.
    const answer = await this.exchange(
      { method: 'POST', path: GUEST_ACTIVATE, endpoint: GUEST_ACTIVATE, idempotent: true },
      {},
    );
    const token = (answer.json as { guest_token?: unknown } | null)?.guest_token;
    if (typeof token !== 'string' || token === '') {
      throw malformedResponse(answer.status, answer.text, answer.what, 'no guest_token');
    }
    return token;
  }

  private record(
    request: ScraperRequest,
    url: URL,
    status: number,
    started: number,
    errorCode?: string,
  ): Promise<void> | undefined {
    return this.options.usage?.record({
      host: url.host,
      method: request.method,
      endpoint: request.endpoint,
      status,
      latencyMs: Math.round(performance.now() - started),
      ...(errorCode === undefined ? {} : { errorCode }),
    });
  }
}

function authHeaders(
  session: ScraperSession | undefined,
  guestToken: string | undefined,
): Record<string, string> {
  if (session) {
    return {
      cookie: `auth_token=${session.auth_token}; ct0=${session.ct0}`,
      'x-csrf-token': session.ct0,
      'x-twitter-auth-type': 'OAuth2Session',
    };
  }
  return guestToken === undefined ? {} : { 'x-guest-token': guestToken };
}

function encodeBody(request: ScraperRequest): { body?: string; headers: Record<string, string> } {
  if (request.form) {
    return {
      body: new URLSearchParams(request.form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
  }
  if (request.json !== undefined) {
    return { body: JSON.stringify(request.json), headers: { 'content-type': 'application/json' } };
  }
  return { headers: {} };
}

/** 401, or 403 with error code 239 ("Bad guest token."): the guest token, not the request, is at fault. */
function isBadGuestToken(status: number, json: unknown): boolean {
  if (status === 401) return true;
  if (status !== 403) return false;
  const errors = (json as { errors?: unknown } | undefined)?.errors;
  return Array.isArray(errors) && errors.some((e) => (e as { code?: unknown } | null)?.code === 239);
}
