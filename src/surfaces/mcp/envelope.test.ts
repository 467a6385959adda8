// The envelope's error side and its serialisation fallback.
import { describe, expect, it } from 'vitest';
import { AppError, conflictError, ERROR_CODES } from '../../core/errors.js';
import { envelopeError, serializeEnvelope, toolMeta } from './envelope.js';

describe('tool envelope', () => {
  it('carries code, retryable, the reset time and the policy decision of a typed error', () => {
    const resetAt = new Date('2026-11-22T13:00:00Z');
    const error = new AppError('policy_denied_rate_limited', 'cap reached', {
      resetAt,
      policyDecision: 'denied',
    });
    expect(envelopeError(error)).toEqual({
      code: 'policy_denied_rate_limited',
      message: 'cap reached',
      retryable: false,
      rate_limit_reset: '2026-11-22T13:00:00.000Z',
      policy_decision: 'denied',
    });
    expect(envelopeError(new AppError('social_rate_limited', 'slow down')).retryable).toBe(true);
  });

  it('reports a raw SQLite failure as db_error and any other bug as a plain internal error', () => {
    const sqlite = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    expect(envelopeError(sqlite)).toMatchObject({ code: 'db_error', retryable: true });
    const logged: Array<{ obj: object; msg: string }> = [];
    const bug = envelopeError(new TypeError('x is undefined'), {
      error: (obj, msg) => logged.push({ obj, msg }),
    });
    expect(bug).toMatchObject({
      code: 'social_api_error',
      message: expect.stringMatching(
        /^internal error \(correlation id [0-9a-f-]{36}\); this is a bug in app$/,
      ),
      retryable: false,
      details: { internal: true, correlation_id: expect.any(String) },
    });
    // Logged with its stack under the same correlation id.
    expect(logged).toEqual([
      {
        obj: {
          err: expect.any(TypeError),
          correlation_id: (bug.details as { correlation_id: string }).correlation_id,
        },
        msg: 'internal error',
      },
    ]);
    expect(envelopeError(conflictError('already reviewed', { id: 1 }))).toEqual({
      code: 'validation_error',
      message: 'already reviewed',
      retryable: false,
      details: { conflict: true, current: { id: 1 } },
    });
    expect(ERROR_CODES).toHaveLength(28);
  });

  it('a result that cannot be serialised becomes a serialization_error envelope', () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const { envelope, text } = serializeEnvelope({ success: true, data: circular, meta: toolMeta(3) });
    expect(envelope).toMatchObject({
      success: false,
      data: null,
      error: { code: 'serialization_error', retryable: false },
      meta: { tool_version: '1.0', elapsed_ms: 3 },
    });
    expect(JSON.parse(text)).toEqual(envelope);
    expect(serializeEnvelope({ success: true, data: { big: 1n } }).envelope.error?.code).toBe(
      'serialization_error',
    );
  });
});
