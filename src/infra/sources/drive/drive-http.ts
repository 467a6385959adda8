// The one door to the cloud drive's hosts (API and OAuth): fetch with a timeout, answers mapped to
// AppError, 429/5xx/network retried a bounded number of times with capped, jittered back-off (Retry-After
// honoured up to a limit), and redirects followed only on the same origin, never to another host.
import { setTimeout as wait } from 'node:timers/promises';
import { AppError } from '../../../core/errors.js';
import { type Clock, systemClock } from '../../../core/ports/clock.js';
import { errorFromAnswer, errorFromNetwork, isTransient, retryAfterSeconds } from './drive-errors.js';

export interface DriveHttpOptions {
  /** Per request, the body included (default 60 s: a large note on a slow link). */
  timeoutMs?: number;
  /** Extra attempts after the first for transient failures (default 3). */
  maxRetries?: number;
  /** A Retry-After longer than this is not waited out here: the error goes to the caller (default 60 s). */
  maxRetryAfterSeconds?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  clock?: Clock;
  /** Ends requests in flight and waits when the source stops. */
  lifetime?: Lifetime;
}

/** The life of a running source: ending it aborts its requests and back-off waits; a restart renews it. */
export class Lifetime {
  private controller = new AbortController();

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  renew(): void {
    if (this.controller.signal.aborted) this.controller = new AbortController();
  }

  end(): void {
    this.controller.abort(new AppError('social_network_error', 'cloud drive: the source was stopped'));
  }
}

export interface DriveRequest {
  method: 'GET' | 'POST';
  url: URL;
  /** For error messages: "listing folder X", "refreshing the access token". */
  what: string;
  headers?: Record<string, string>;
  /** A form body (application/x-www-form-urlencoded). */
  form?: Record<string, string>;
  /** Retry transient failures (default: yes). A single-use request (code exchange) says no. */
  retry?: boolean;
}

export interface DriveAnswer {
  status: number;
  headers: Headers;
  body: Buffer;
}

const MAX_REDIRECTS = 3;

/** Delay before retry `attempt` (0-based): 1 s, 2 s, 4 s … capped at 16 s, plus up to 25 % jitter. */
export function driveBackoffMs(attempt: number, random: () => number): number {
  return Math.min(16_000, 1000 * 2 ** attempt) * (1 + random() * 0.25);
}

export class DriveHttp {
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;
  private readonly clock: Clock;

  constructor(private readonly options: DriveHttpOptions = {}) {
    this.sleep = options.sleep ?? ((ms) => wait(ms, undefined, { signal: options.lifetime?.signal }));
    this.random = options.random ?? Math.random;
    this.clock = options.clock ?? systemClock;
  }

  /** Sends the request; a non-2xx answer (after the retries) is thrown as an AppError. */
  async send(request: DriveRequest): Promise<DriveAnswer> {
    const maxRetries = request.retry === false ? 0 : (this.options.maxRetries ?? 3);
    const maxWait = this.options.maxRetryAfterSeconds ?? 60;
    for (let attempt = 0; ; attempt++) {
      this.checkAlive();
      let answer: DriveAnswer;
      try {
        answer = await this.once(request);
      } catch (error) {
        if (!(error instanceof NetworkFailure)) throw error;
        if (attempt >= maxRetries || this.options.lifetime?.signal.aborted) throw error.error;
        await this.pause(driveBackoffMs(attempt, this.random));
        continue;
      }
      if (answer.status >= 200 && answer.status < 300) return answer;
      const text = answer.body.toString('utf8');
      const wait = retryAfterSeconds(answer.headers, this.clock.now());
      const error = errorFromAnswer(answer.status, text, request.what, wait);
      if (!isTransient(answer.status, text) || attempt >= maxRetries) throw error;
      if (wait !== undefined && wait > maxWait) throw error;
      await this.pause(wait !== undefined ? Math.max(wait * 1000, 1) : driveBackoffMs(attempt, this.random));
    }
  }

  /** A back-off wait that ends (with an error) when the source stops. */
  private async pause(ms: number): Promise<void> {
    try {
      await this.sleep(ms);
    } catch {
      // aborted: reported below
    }
    this.checkAlive();
  }

  private checkAlive(): void {
    const signal = this.options.lifetime?.signal;
    if (signal?.aborted) throw new AppError('social_network_error', 'cloud drive: the source was stopped');
  }

  private signalFor(): AbortSignal {
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 60_000);
    const lifetime = this.options.lifetime?.signal;
    return lifetime ? AbortSignal.any([timeout, lifetime]) : timeout;
  }

  /** One exchange, following same-origin redirects; a network failure is thrown raw (for the retry). */
  private async once(request: DriveRequest): Promise<DriveAnswer> {
    let url = request.url;
    for (let hop = 0; ; hop++) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: request.method,
          headers: {
            accept: 'application/json',
            ...(request.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
            ...request.headers,
          },
          body: request.form ? new URLSearchParams(request.form).toString() : undefined,
          redirect: 'manual',
          signal: this.signalFor(),
        });
      } catch (cause) {
        throw new NetworkFailure(errorFromNetwork(cause, request.what));
      }
      if (response.status < 300 || response.status >= 400) {
        let body: Buffer;
        try {
          body = Buffer.from(await response.arrayBuffer());
        } catch (cause) {
          throw new NetworkFailure(errorFromNetwork(cause, request.what));
        }
        return { status: response.status, headers: response.headers, body };
      }
      await response.body?.cancel();
      const location = response.headers.get('location');
      const next = location ? safeUrl(location, url) : undefined;
      if (!next || next.origin !== url.origin || request.method !== 'GET' || hop >= MAX_REDIRECTS) {
        throw new AppError(
          'social_api_error',
          `cloud drive: ${request.what} answered ${response.status} redirecting to ${location ?? '(no location)'}; only redirects on the same host are followed`,
          { retryable: false },
        );
      }
      url = next;
    }
  }
}

/** A failure before any answer: retried by `send`, then thrown as its AppError. */
class NetworkFailure extends Error {
  constructor(readonly error: AppError) {
    super(error.message);
  }
}

function safeUrl(location: string, base: URL): URL | undefined {
  try {
    return new URL(location, base);
  } catch {
    return undefined;
  }
}
