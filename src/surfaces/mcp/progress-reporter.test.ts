// The MCP progress callback: only with a progress token, only increasing values, bounded messages, and a
// client that cannot be reached never fails the run.
import type { ServerNotification } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { type CallExtra, progressReporter, runControlOf } from './progress-reporter.js';

function extraWith(meta: CallExtra['_meta'], fail = false) {
  const sent: ServerNotification[] = [];
  const extra: CallExtra = {
    signal: new AbortController().signal,
    ...(meta ? { _meta: meta } : {}),
    sendNotification: async (notification) => {
      if (fail) throw new Error('connection closed');
      sent.push(notification);
    },
  };
  return { extra, sent };
}

describe('progressReporter', () => {
  it('sends notifications/progress with the token, dropping values that do not increase', async () => {
    const { extra, sent } = extraWith({ progressToken: 'tok' });
    const progress = progressReporter(extra);
    progress?.(1, 4, 'one');
    progress?.(1, 4, 'one again');
    progress?.(0.5, 4, 'back');
    progress?.(Number.NaN, 4);
    progress?.(2, undefined, 'x'.repeat(500));
    await Promise.resolve();
    expect(sent).toEqual([
      {
        method: 'notifications/progress',
        params: { progressToken: 'tok', progress: 1, total: 4, message: 'one' },
      },
      {
        method: 'notifications/progress',
        params: { progressToken: 'tok', progress: 2, message: 'x'.repeat(200) },
      },
    ]);
  });

  it('is absent without a token (or with one that is not a string or number)', () => {
    expect(progressReporter(extraWith(undefined).extra)).toBeUndefined();
    expect(progressReporter(extraWith({}).extra)).toBeUndefined();
    const junk = { progressToken: { nested: true } } as unknown as CallExtra['_meta'];
    expect(progressReporter(extraWith(junk).extra)).toBeUndefined();
  });

  it('reports a failed send to onError instead of throwing into the run', async () => {
    const errors: unknown[] = [];
    const { extra } = extraWith({ progressToken: 7 }, true);
    const control = runControlOf(extra, (error) => errors.push(error));
    expect(control.signal).toBe(extra.signal);
    expect(() => control.progress?.(1)).not.toThrow();
    await new Promise((resolve) => setImmediate(resolve));
    expect(errors).toHaveLength(1);
  });
});
