import { describe, expect, it } from 'vitest';
import {
  errorFromNetwork,
  errorFromPartial,
  errorFromResponse,
  malformedResponse,
} from './platform-errors.js';

const headers = (values: Record<string, string> = {}) => new Headers(values);
const answer = (status: number, body: unknown, extra: Record<string, string> = {}) => {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return errorFromResponse({
    status,
    headers: headers(extra),
    text,
    json: typeof body === 'string' ? undefined : body,
    what: 'GET /2/x',
  });
};

describe('platform error mapping', () => {
  it('maps each status to the spec code with the right retryability', () => {
    const limited = answer(429, { title: 'Too Many Requests' }, { 'x-rate-limit-reset': '1795356000' });
    expect(limited).toMatchObject({ code: 'social_rate_limited', retryable: true });
    expect(limited.resetAt?.toISOString()).toBe('2026-11-22T14:00:00.000Z');
    expect(answer(401, { title: 'Unauthorized' })).toMatchObject({
      code: 'social_auth_expired',
      retryable: false,
    });
    expect(answer(403, { detail: 'You are not permitted to perform this action.' }).code).toBe(
      'social_forbidden',
    );
    expect(answer(403, { reason: 'client-not-enrolled', detail: 'tier' }).message).toMatch(/access tier/);
    expect(
      answer(403, { detail: 'Your account is suspended and is not permitted to access this feature.' }).code,
    ).toBe('social_account_restricted');
    expect(answer(404, { title: 'Not Found' }).code).toBe('not_found');
    // A reply to a post that went away is about that post, not about the account's access.
    expect(
      answer(403, { detail: 'You attempted to reply to a Tweet that is deleted or not visible to you.' })
        .code,
    ).toBe('not_found');
    expect(answer(503, { title: 'Service Unavailable' })).toMatchObject({
      code: 'social_api_error',
      retryable: true,
    });
    expect(answer(400, { title: 'Invalid Request' })).toMatchObject({
      code: 'social_api_error',
      retryable: false,
    });
  });

  it('an HTML error page becomes social_api_error with the status and a short text excerpt', () => {
    const error = answer(
      502,
      '<html><head><title>502</title></head><body><h1>Bad Gateway</h1></body></html>',
    );
    expect(error.code).toBe('social_api_error');
    expect(error.message).toBe('GET /2/x: HTTP 502: 502 Bad Gateway');
  });

  it('200 with only errors is not_found for missing resources', () => {
    const missing = errorFromPartial(
      {
        errors: [
          {
            detail: 'Could not find tweet with id: [1].',
            type: 'https://api.twitter.com/2/problems/resource-not-found',
          },
        ],
      },
      'GET /2/tweets/{id}',
    );
    expect(missing).toMatchObject({
      code: 'not_found',
      message: 'GET /2/tweets/{id}: Could not find tweet with id: [1].',
    });
  });

  it('malformed bodies and network failures carry what happened', () => {
    expect(malformedResponse(200, '{"data":', 'getTweet', 'not JSON').message).toBe(
      'getTweet: malformed response (HTTP 200, not JSON): {"data":',
    );
    const refused = errorFromNetwork(
      Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } }),
      'x',
    );
    expect(refused).toMatchObject({
      code: 'social_network_error',
      retryable: true,
      message: 'x: network error (ECONNREFUSED)',
    });
  });
});
