import { describe, expect, it } from 'vitest';
import { AppError, conflictError, ERROR_CODES, EXTRA_CODES, tooLargeError } from '../../core/errors.js';
import { STATUS, toErrorResponse } from './error-response.js';

describe('the HTTP error table', () => {
  it('has a status for every code, the 28 and the extra ones', () => {
    expect(Object.keys(STATUS).sort()).toEqual([...ERROR_CODES, ...EXTRA_CODES].sort());
  });

  it('conflict and too-large are codes of the one table, not error classes', () => {
    expect(toErrorResponse(conflictError('stale version', { version: 3 }))).toEqual({
      status: 409,
      body: {
        error: {
          code: 'conflict',
          message: 'stale version',
          details: { conflict: true, current: { version: 3 } },
        },
      },
      headers: {},
    });
    expect(toErrorResponse(tooLargeError('too big', { max_bytes: 5 })).status).toBe(413);
    expect(toErrorResponse(new AppError('throttled', 'wait', { retryAfterSeconds: 42 })).headers).toEqual({
      'retry-after': '42',
    });
  });

  it('a bug of ours is internal: no detail leaks, logged with its stack under the answered correlation id', () => {
    const logged: unknown[] = [];
    const { status, body } = toErrorResponse(new TypeError('secret internals'), {
      error: (obj: unknown) => logged.push(obj),
    } as never);
    expect(status).toBe(500);
    expect(body.error.code).toBe('internal');
    expect(body.error.message).not.toContain('secret internals');
    const id = (body.error.details as { correlation_id: string }).correlation_id;
    expect(body.error.message).toContain(id);
    expect(logged).toEqual([{ err: expect.any(TypeError), correlation_id: id }]);
  });
});
