// A tool call's run control from the MCP request: its cancellation signal, and — when the client passed a
// progress token — a progress callback that sends notifications/progress, only ever increasing (spec).
import type { ServerNotification } from '@modelcontextprotocol/sdk/types.js';
import type { Progress, RunControl } from '../../core/ports/run-control.js';

/** The parts of the SDK's request handler `extra` a tool call uses. */
export interface CallExtra {
  signal: AbortSignal;
  _meta?: { progressToken?: string | number };
  sendNotification(notification: ServerNotification): Promise<void>;
}

/** Messages are for people: bounded so a long one cannot swell every notification. */
const MAX_MESSAGE = 200;

export function progressReporter(extra: CallExtra, onError?: (error: unknown) => void): Progress | undefined {
  const token = extra._meta?.progressToken;
  if (typeof token !== 'string' && typeof token !== 'number') return undefined;
  let last = Number.NEGATIVE_INFINITY;
  return (done, total, message) => {
    // The specification requires each notification's progress to exceed the previous one.
    if (!Number.isFinite(done) || done <= last) return;
    last = done;
    extra
      .sendNotification({
        method: 'notifications/progress',
        params: {
          progressToken: token,
          progress: done,
          ...(total !== undefined && Number.isFinite(total) ? { total } : {}),
          ...(message ? { message: message.slice(0, MAX_MESSAGE) } : {}),
        },
      })
      // A client gone away must not fail the run it started: the result is still recorded.
      .catch((error: unknown) => onError?.(error));
  };
}

/** The signal and (when asked for) the progress callback a call's operation runs with. */
export function runControlOf(extra: CallExtra | undefined, onError?: (error: unknown) => void): RunControl {
  if (!extra) return {};
  const progress = progressReporter(extra, onError);
  return { signal: extra.signal, ...(progress ? { progress } : {}) };
}
