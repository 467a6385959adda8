// A test client of the live event stream (GET /api/events) over a real socket: the frames as they arrive,
// parsed, and a wait for the first one that matches (never a timed sleep).
import { type ClientRequest, type IncomingMessage, request } from 'node:http';
import type { LiveEvent } from '../../src/contracts/live-events.js';

export interface EventStream {
  status: number;
  headers: IncomingMessage['headers'];
  /** Every event received so far, oldest first. */
  events: LiveEvent[];
  /** Raw text received so far (heartbeat comments included). */
  text(): string;
  /** Resolves with the first event (already received or coming) that matches. */
  next(match: (event: LiveEvent) => boolean, what?: string, ms?: number): Promise<LiveEvent>;
  /** Settles when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens the stream at `url` (e.g. http://127.0.0.1:1234/api/events) with these headers. */
export function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const req: ClientRequest = request(url, { headers: { accept: 'text/event-stream', ...headers } });
    req.once('error', reject);
    req.once('response', (response) => {
      let raw = '';
      let buffer = '';
      const events: LiveEvent[] = [];
      const waiters: Array<() => void> = [];
      const ended = new Promise<void>((done) => {
        response.once('end', done);
        response.once('close', done);
      });
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        raw += chunk;
        buffer += chunk;
        for (let split = buffer.indexOf('\n\n'); split !== -1; split = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (data) events.push(JSON.parse(data) as LiveEvent);
        }
        for (const wake of waiters.splice(0)) wake();
      });
      response.once('error', () => {});
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        events,
        text: () => raw,
        ended,
        async next(match, what = 'an event', ms = 15_000) {
          // wall clock: a deadline for the wait
          const deadline = Date.now() + ms;
          for (;;) {
            const found = events.find(match);
            if (found) return found;
            // wall clock: a deadline for the wait
            const left = deadline - Date.now();
            if (left <= 0) throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(events)}`);
            await Promise.race([
              new Promise<void>((wake) => waiters.push(wake)),
              ended,
              new Promise<void>((wake) => setTimeout(wake, left).unref()),
            ]);
            if (response.complete && !events.some(match)) {
              throw new Error(`the stream ended before ${what}; got ${JSON.stringify(events)}`);
            }
          }
        },
        close: () => {
          req.destroy();
        },
      });
    });
    req.end();
  });
}
