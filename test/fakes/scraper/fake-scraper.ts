// A fake of the platform's web API (what the web app calls under /i/api) on 127.0.0.1: guest tokens,
// browser-session checks, GraphQL reads and writes, rate-limit headers and injectable faults.
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { FakeFaults, HTML_ERROR_PAGE, MALFORMED_JSON } from './fake-faults.js';
import { answerRead, type FakeAnswer } from './fake-graphql-reads.js';
import { answerFriendship, answerMutation } from './fake-graphql-writes.js';
import { FakeScraperState } from './fake-scraper-state.js';

export interface FakeRequest {
  method: string;
  /** Path below the server root, e.g. `/i/api/graphql/abc/SearchTimeline`. */
  path: string;
  /** GraphQL operation name, when it is a GraphQL call. */
  operation?: string;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed `variables` (query string of a GET, JSON body of a POST). */
  variables?: Record<string, unknown>;
  body?: unknown;
}

export interface FakeScraper {
  /** The web API root to give the client, e.g. `http://127.0.0.1:1234/i/api`. */
  url: string;
  state: FakeScraperState;
  faults: FakeFaults;
  requests: FakeRequest[];
  close(): Promise<void>;
}

const PREFIX = '/i/api';

type Auth = { userId: string } | { guest: true };

function cookies(header: string | undefined): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name) jar.set(name, rest.join('='));
  }
  return jar;
}

const authError = (status: number, code: number, message: string): FakeAnswer => ({
  status,
  body: { errors: [{ code, message }] },
});

/** Starts the fake on 127.0.0.1 (a free port unless one is given). */
export async function startFakeScraper(options: { port?: number } = {}): Promise<FakeScraper> {
  const state = new FakeScraperState();
  const faults = new FakeFaults();
  const requests: FakeRequest[] = [];
  const logged = new WeakMap<FastifyRequest, FakeRequest>();
  const dropAfter = new WeakSet<FastifyRequest>();
  const hanging = new Set<FastifyRequest['raw']['socket']>();
  const app = Fastify({ logger: false });

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.addHook('onRequest', async (req, reply) => {
    const path = req.url.split('?')[0] ?? req.url;
    const entry: FakeRequest = { method: req.method, path, headers: { ...req.headers } };
    const operation = /\/graphql\/[^/]+\/(\w+)$/.exec(path)?.[1];
    if (operation) entry.operation = operation;
    const variables = new URL(req.url, 'http://fake').searchParams.get('variables');
    const parsed = variables ? tryJson(variables) : undefined;
    if (typeof parsed === 'object' && parsed !== null) entry.variables = parsed as Record<string, unknown>;
    requests.push(entry);
    logged.set(req, entry);

    const fault = faults.take(path);
    if (!fault) return;
    switch (fault.action) {
      case 'drop':
        reply.hijack();
        req.raw.socket.destroy();
        return reply;
      case 'hang':
        // Never answers, so the client's timeout has to end the call; closed with the server.
        reply.hijack();
        hanging.add(req.raw.socket);
        return reply;
      case 'drop-after':
        dropAfter.add(req);
        return;
      case 'html':
        return reply
          .code(fault.status ?? 200)
          .headers(fault.headers ?? {})
          .type('text/html; charset=utf-8')
          .send(HTML_ERROR_PAGE);
      case 'malformed':
        return reply.code(200).type('application/json; charset=utf-8').send(MALFORMED_JSON);
      case 'status':
        return reply
          .code(fault.status ?? 500)
          .headers(fault.headers ?? {})
          .send(fault.body ?? { errors: [{ code: 131, message: 'Internal error' }] });
    }
  });

  app.addHook('preHandler', async (req) => {
    const entry = logged.get(req);
    if (!entry || req.body === undefined) return;
    entry.body = req.body;
    const vars = (req.body as { variables?: unknown } | null)?.variables;
    if (typeof vars === 'object' && vars !== null) entry.variables = vars as Record<string, unknown>;
  });

  app.addHook('onSend', async (req, _reply, payload) => {
    // The request took effect; only the answer is lost, as when a connection breaks on the way back.
    if (dropAfter.has(req)) req.raw.socket.destroy();
    return payload;
  });

  /** Bearer, then either a matching browser session or a valid guest token. */
  function authenticate(req: FastifyRequest): Auth | FakeAnswer {
    if (!/^Bearer \S+$/.test(req.headers.authorization ?? '')) {
      return authError(401, 215, 'Bad Authentication data.');
    }
    const jar = cookies(req.headers.cookie);
    const token = jar.get('auth_token');
    if (token !== undefined) {
      const session = state.sessions.get(token);
      const csrf = req.headers['x-csrf-token'];
      if (!session || jar.get('ct0') !== session.ct0 || csrf !== session.ct0) {
        return authError(403, 353, 'This request requires a matching csrf cookie and header.');
      }
      return { userId: session.userId };
    }
    const guest = req.headers['x-guest-token'];
    if (typeof guest !== 'string' || !state.guestTokens.has(guest))
      return authError(403, 239, 'Bad guest token.');
    return { guest: true };
  }

  function send(reply: FastifyReply, answer: FakeAnswer, limitKey?: string): FastifyReply {
    if (limitKey) {
      const limit = state.takeRateLimit(limitKey);
      reply.headers({
        'x-rate-limit-limit': String(limit.limit),
        'x-rate-limit-remaining': String(limit.remaining),
        'x-rate-limit-reset': String(limit.reset),
      });
      if (!limit.allowed)
        return reply.code(429).send({ errors: [{ code: 88, message: 'Rate limit exceeded.' }] });
    }
    return reply.code(answer.status).send(answer.body);
  }

  app.post(`${PREFIX}/1.1/guest/activate.json`, async (req, reply) => {
    if (!/^Bearer \S+$/.test(req.headers.authorization ?? '')) {
      return send(reply, authError(401, 215, 'Bad Authentication data.'));
    }
    return send(reply, { status: 200, body: { guest_token: state.activateGuestToken() } });
  });

  app.get<{ Params: { operation: string }; Querystring: { variables?: string; features?: string } }>(
    `${PREFIX}/graphql/:queryId/:operation`,
    async (req, reply) => {
      const auth = authenticate(req);
      if ('status' in auth) return send(reply, auth);
      const variables = tryJson(req.query.variables ?? '');
      if (typeof variables !== 'object' || variables === null) {
        return send(reply, authError(400, 214, 'variables must be a JSON object'));
      }
      if (typeof tryJson(req.query.features ?? '') !== 'object') {
        return send(
          reply,
          authError(400, 336, 'The following features cannot be null: view_counts_everywhere_api_enabled'),
        );
      }
      const answer = answerRead(state, req.params.operation, variables as Record<string, unknown>);
      if (!answer) return send(reply, authError(404, 34, 'Query not found'));
      return send(reply, answer, req.params.operation);
    },
  );

  app.post<{ Params: { operation: string }; Body: { variables?: unknown } }>(
    `${PREFIX}/graphql/:queryId/:operation`,
    async (req, reply) => {
      const auth = authenticate(req);
      if ('status' in auth) return send(reply, auth);
      if (!('userId' in auth))
        return send(reply, authError(403, 220, 'Your credentials do not allow access to this resource.'));
      const variables = req.body?.variables;
      if (typeof variables !== 'object' || variables === null) {
        return send(reply, authError(400, 214, 'variables must be a JSON object'));
      }
      const answer = answerMutation(
        state,
        req.params.operation,
        variables as Record<string, unknown>,
        auth.userId,
      );
      if (!answer) return send(reply, authError(404, 34, 'Query not found'));
      return send(reply, answer, req.params.operation);
    },
  );

  app.post<{ Params: { action: string }; Body: Record<string, string> | undefined }>(
    `${PREFIX}/1.1/friendships/:action`,
    async (req, reply) => {
      const action = req.params.action.replace(/\.json$/, '');
      if (action !== 'create' && action !== 'destroy')
        return send(reply, authError(404, 34, 'Sorry, that page does not exist.'));
      const auth = authenticate(req);
      if ('status' in auth) return send(reply, auth);
      if (!('userId' in auth))
        return send(reply, authError(403, 220, 'Your credentials do not allow access to this resource.'));
      const target = req.body?.user_id ?? '';
      return send(reply, answerFriendship(state, action, target, auth.userId), `friendships/${action}`);
    },
  );

  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}${PREFIX}`,
    state,
    faults,
    requests,
    close: async () => {
      for (const socket of hanging) socket.destroy();
      await app.close();
    },
  };
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
