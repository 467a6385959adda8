// GET /api/events: the live event stream (server-sent events), authenticated like every other route (the
// session cookie or the bearer token, decided on the matched route). A stream, not an operation: the reply is
// hijacked and written raw; heartbeats keep proxies from closing it; shutdown ends every stream first.
import type { FastifyInstance } from 'fastify';
import { createLiveEvents, type LiveEvents } from '../../../app/live-events.js';
import type { AppDeps } from '../../../app/wiring/create-app.js';
import { LIVE_EVENTS_PATH, type LiveEvent } from '../../../contracts/live-events.js';
import { AppError } from '../../../core/errors.js';
import { accountDepsOf } from '../auth/account-scope.js';

export interface EventRouteOptions {
  /** Open streams at most (each holds a socket and a listener). */
  maxStreams?: number;
  /** Interval of the comment lines that keep idle proxies from closing the stream. */
  heartbeatMs?: number;
  /** How often the database is asked for commits (tests and benches). */
  pollMs?: number;
}

export const MAX_EVENT_STREAMS = 16;
const HEARTBEAT_MS = 15_000;
/** How long a browser waits before reconnecting a dropped stream. */
const RETRY_MS = 3000;

const frame = (event: LiveEvent) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

export function registerEventRoutes(app: FastifyInstance, options: EventRouteOptions = {}): void {
  const maxStreams = options.maxStreams ?? MAX_EVENT_STREAMS;
  // One watcher per account that has a stream open (made on its first stream).
  const watchers = new Map<string, LiveEvents>();
  const liveOf = (deps: AppDeps): LiveEvents => {
    let live = watchers.get(deps.accountId);
    if (!live) {
      live = createLiveEvents(deps, options.pollMs);
      watchers.set(deps.accountId, live);
    }
    return live;
  };
  const open = new Set<() => void>();
  let closing = false;

  // No HEAD twin: a HEAD request would hold a socket open for a body it never reads.
  app.get(LIVE_EVENTS_PATH, { exposeHeadRoute: false }, async (request, reply) => {
    // Retry-After: the wait a dropped stream's browser already uses before reconnecting.
    const retryAfterSeconds = RETRY_MS / 1000;
    if (closing) {
      throw new AppError('throttled', 'the server is shutting down; reconnect in a moment', {
        retryAfterSeconds,
      });
    }
    if (open.size >= maxStreams) {
      throw new AppError('throttled', `too many open event streams (at most ${maxStreams}); close one`, {
        retryAfterSeconds,
      });
    }
    const live = liveOf(accountDepsOf(request));
    reply.hijack();
    const response = reply.raw;
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      // The socket serves this one response: ending the stream closes it (shutdown never waits on it).
      connection: 'close',
    });
    // Events heard before the ready frame is out wait for it (it comes first).
    let held: LiveEvent[] | undefined = [];
    const unsubscribe = live.subscribe((event) => {
      if (held) held.push(event);
      else response.write(frame(event));
    });
    let heartbeat: NodeJS.Timeout | undefined;
    const end = () => {
      if (!open.delete(end)) return;
      clearInterval(heartbeat);
      unsubscribe();
      if (!response.writableEnded) response.end();
    };
    open.add(end);
    // The response's close means the client went away (the request's own close fires once it is read).
    response.once('close', end);
    response.once('error', end);
    // The count is the queue's as it is: on Postgres the watcher reads it first (a query away).
    await live.ready();
    if (!open.has(end)) return;
    response.write(`retry: ${RETRY_MS}\n\n${frame({ type: 'ready', pending: live.pending() })}`);
    for (const event of held) response.write(frame(event));
    held = undefined;
    heartbeat = setInterval(() => response.write(': keep-alive\n\n'), options.heartbeatMs ?? HEARTBEAT_MS);
    heartbeat.unref();
  });

  app.addHook('preClose', async () => {
    closing = true;
    for (const end of [...open]) end();
    for (const live of watchers.values()) live.close();
  });
}
