// startFakeDrive(): one fastify server on 127.0.0.1 standing in for Google Drive v3 and Google OAuth
// (consent, token, userinfo, revoke), with faults on demand in front and a request log behind.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { type FastifyReply, fastify } from 'fastify';
import { type FaultAction, FaultController } from '../../../src/infra/sandbox/social/faults.js';
import { DEFAULT_DRIVE_CLIENT, DriveAuth } from './drive-auth.js';
import { DriveState } from './drive-state.js';
import { driveError, registerFileRoutes } from './routes-files.js';
import { OAUTH_PATHS, registerOAuthRoutes } from './routes-oauth.js';

export interface StartFakeDriveOptions {
  /** 0 or absent picks a free port. */
  port?: number;
  /** Milliseconds since the epoch (token expiry, modified times); default real time. */
  clock?: { now(): number };
  accessTokenTtlSeconds?: number;
}

export interface DriveRequestLogEntry {
  method: string;
  path: string;
  query: Record<string, string>;
  status: number;
  fault?: string;
}

export interface FakeDrive {
  url: string;
  state: DriveState;
  auth: DriveAuth;
  faults: FaultController;
  requests: DriveRequestLogEntry[];
  /** The `[connectors.cloud_drive]` values that point the service at this fake (default client). */
  connectorConfig(): {
    client_id: string;
    client_secret: string;
    auth_url: string;
    token_url: string;
    api_base_url: string;
    revoke_url: string;
    userinfo_url: string;
  };
  close(): Promise<void>;
}

function sendFault(reply: FastifyReply, action: FaultAction) {
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    reply.code(status).headers(headers).type('application/json; charset=UTF-8').send(JSON.stringify(body));
  switch (action.type) {
    case 'status':
      return json(
        action.status,
        action.body ?? driveError(action.status, 'backendError', 'Fault'),
        action.headers,
      );
    case 'rateLimited':
      return json(429, driveError(429, 'rateLimitExceeded', 'Rate Limit Exceeded'), {
        'retry-after': String(action.resetInSeconds),
      });
    case 'expiredToken':
      return json(401, driveError(401, 'authError', 'Invalid Credentials'));
    case 'forbidden':
    case 'tierForbidden':
    case 'suspended':
      return json(
        403,
        driveError(403, 'forbidden', 'The user does not have sufficient permissions for this file.'),
      );
    case 'serverError':
      return json(action.status, driveError(action.status, 'backendError', 'Backend Error'));
    case 'html':
      return reply
        .code(action.status)
        .type('text/html; charset=UTF-8')
        .send('<html><body>Error</body></html>');
    case 'redirect':
      return reply.code(action.status).header('location', action.location).send();
    case 'malformed':
      return reply.code(200).type('application/json; charset=UTF-8').send('{"files":');
    case 'missingFields':
      return json(200, {});
    default:
      return reply;
  }
}

export async function startFakeDrive(options: StartFakeDriveOptions = {}): Promise<FakeDrive> {
  // wall clock: the fake keeps real time unless a test gives it a clock
  const now = () => options.clock?.now() ?? Date.now();
  const state = new DriveState(now);
  const auth = new DriveAuth(now, options.accessTokenTtlSeconds);
  const faults = new FaultController();
  const requests: DriveRequestLogEntry[] = [];
  const started = new WeakMap<object, { at: number; fault?: string }>();
  let url = '';

  // forceCloseConnections: a client's keep-alive socket must not hold close() open.
  const app = fastify({ logger: false, forceCloseConnections: true });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.addHook('onRequest', async (request, reply) => {
    started.set(request, { at: performance.now() });
    const path = request.url.split('?')[0] ?? '';
    const { delayMs, action } = faults.take(request.method, path);
    if (delayMs > 0) await sleep(delayMs);
    if (!action) return;
    const meta = started.get(request);
    if (meta) meta.fault = action.type;
    if (action.type === 'drop') {
      requests.push(entryOf(request, 0, action.type));
      reply.hijack();
      request.raw.socket.destroy();
      return reply;
    }
    return sendFault(reply, action);
  });
  app.addHook('onResponse', async (request, reply) => {
    requests.push(entryOf(request, reply.statusCode, started.get(request)?.fault));
  });
  const entryOf = (
    request: { method: string; url: string; query: unknown },
    status: number,
    fault?: string,
  ) => ({
    method: request.method,
    path: request.url.split('?')[0] ?? request.url,
    query: { ...(request.query as Record<string, string>) },
    status,
    ...(fault ? { fault } : {}),
  });

  registerOAuthRoutes(app, auth, () => `${url}${OAUTH_PATHS.token}`);
  registerFileRoutes(app, state, auth);
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(driveError(404, 'notFound', 'Not Found')));

  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  url = `http://127.0.0.1:${port}`;
  return {
    url,
    state,
    auth,
    faults,
    requests,
    connectorConfig: () => ({
      client_id: DEFAULT_DRIVE_CLIENT.id,
      client_secret: DEFAULT_DRIVE_CLIENT.secret,
      auth_url: `${url}${OAUTH_PATHS.auth}`,
      token_url: `${url}${OAUTH_PATHS.token}`,
      api_base_url: url,
      revoke_url: `${url}${OAUTH_PATHS.revoke}`,
      userinfo_url: `${url}${OAUTH_PATHS.userinfo}`,
    }),
    async close() {
      faults.clear();
      await app.close();
    },
  };
}
