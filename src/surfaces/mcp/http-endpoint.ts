// The tool server over the MCP streamable HTTP transport, on Node's request and response: the bearer token
// (its own file), the DNS-rebinding guard on Host and Origin (name and port), a bounded batch, then one
// session per client (Mcp-Session-Id), each an SDK transport connected to buildToolServer's server.

import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { sameToken } from '../../app/mcp-token.js';
import type { AppDeps } from '../../app/wiring/create-app.js';
import type { ToolProfile } from '../../contracts/tools/tool-binding.js';
import { auditAccountRefusal } from '../../core/services/accounts/audit-account-refusal.js';
import { allowedHostNames, hostName } from '../http/host-guard.js';
import { buildToolServer } from './build-tool-server.js';
import { readRpcBody } from './read-rpc-body.js';

/** Largest JSON-RPC body taken (the HTTP API's limit): tool arguments are small, media travel by path. */
export const MCP_BODY_LIMIT = 1024 * 1024;
/** Sessions kept at once; the longest idle ones are closed first when a new client would pass it. */
export const MAX_SESSIONS = 64;
/** A session nobody used for this long is closed (the client starts a new one on 404). */
export const SESSION_IDLE_MS = 30 * 60_000;

export interface HttpEndpointOptions {
  profile: ToolProfile;
  /** `compact`: the three meta tools instead of the full list (as `--expose` for stdio). */
  expose?: 'full' | 'compact';
  /** The bearer token clients send (the content of <data dir>/mcp_token): it acts on `deps`' account. */
  token: string;
  /**
   * Tokens of further accounts, each bound to its account's deps (`accounts/<id>/mcp_token`): a session
   * acts on the account of the token that opened it, and only that token may use it.
   */
  accounts?: ReadonlyArray<{ token: string; deps: AppDeps }>;
  /** The bound address and [server] allowed_hosts: the Host and Origin names answered. */
  host: string;
  allowedHosts: readonly string[];
  /** Milliseconds since the epoch, for idle sessions (the wall clock: sessions are not domain time). */
  now?: () => number;
}

export interface HttpEndpoint {
  /** Answers one request to the endpoint (any method); never throws. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** Sessions open now. */
  sessionCount(): number;
  /** Ends every session (their servers close; open streams end). */
  close(): Promise<void>;
}

interface Session {
  transport: StreamableHTTPServerTransport;
  server: Server;
  lastSeen: number;
  /** The account whose token opened it. */
  accountId: string;
}

/** A JSON-RPC error outside any session (the transport answers the same way for its own refusals). */
function refuse(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body);
}

/** The port a Host header names ('' for none, or for the default port of `scheme`, as URL.port has it). */
function hostPort(host: string, scheme: string): string {
  const trimmed = host.trim();
  const port = trimmed.startsWith('[')
    ? /^\[[^\]]*\]:(\d+)$/.exec(trimmed)?.[1]
    : /:(\d+)$/.exec(trimmed)?.[1];
  if (port === undefined) return '';
  const number = String(Number(port));
  return number === (scheme === 'https:' ? '443' : '80') ? '' : number;
}

/**
 * Whether an Origin is this server as the request reached it: an allowed host name and the port the Host
 * header names. Another port of an allowed name is another origin (another program on this machine).
 */
function sameServer(origin: string, host: string, allowed: Set<string>): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return allowed.has(hostName(url.hostname)) && url.port === hostPort(host, url.protocol);
}

/**
 * Why a request is refused before any session sees it, or the account its token is bound to when it may
 * proceed.
 */
function guard(
  req: IncomingMessage,
  bindings: ReadonlyArray<{ token: string; deps: AppDeps }>,
  allowed: Set<string>,
): { refused: [number, string] } | { deps: AppDeps } {
  const host = req.headers.host;
  if (!host || !allowed.has(hostName(host))) {
    return { refused: [403, `host ${host ?? '(none)'} is not allowed; add it to [server] allowed_hosts`] };
  }
  // A browser page on another site names itself in Origin; tools and agents send none.
  const origin = req.headers.origin;
  if (origin !== undefined && !sameServer(origin, host, allowed)) {
    return { refused: [403, `origin ${origin} is not allowed`] };
  }
  const header = req.headers.authorization ?? '';
  if (!header.startsWith('Bearer ')) {
    return {
      refused: [401, 'authentication required: send `Authorization: Bearer <token from mcp_token>`'],
    };
  }
  const presented = header.slice(7).trim();
  // Every token is compared (constant time each), so the answer's time does not tell which one matched.
  const matched = bindings.filter((binding) => sameToken(presented, binding.token));
  const bound = matched[0];
  return bound ? { deps: bound.deps } : { refused: [401, 'invalid bearer token'] };
}

export function createHttpEndpoint(deps: AppDeps, options: HttpEndpointOptions): HttpEndpoint {
  const allowed = allowedHostNames({ host: options.host, allowed_hosts: options.allowedHosts });
  const now = options.now ?? Date.now;
  const sessions = new Map<string, Session>();
  const bindings = [{ token: options.token, deps }, ...(options.accounts ?? [])];

  async function end(id: string): Promise<void> {
    const session = sessions.get(id);
    if (!session) return;
    sessions.delete(id);
    await session.server.close().catch(() => undefined);
  }

  /** Room for one more session: idle ones go first, then the least recently used beyond the cap. */
  async function makeRoom(): Promise<void> {
    const oldest = [...sessions.entries()].sort((a, b) => a[1].lastSeen - b[1].lastSeen);
    for (const [id, session] of oldest) {
      if (now() - session.lastSeen > SESSION_IDLE_MS || sessions.size >= MAX_SESSIONS) await end(id);
    }
  }

  /** A new session's transport and server; registered once the initialize request names its id. */
  async function open(
    req: IncomingMessage,
    res: ServerResponse,
    parsed: unknown,
    account: AppDeps,
  ): Promise<void> {
    await makeRoom();
    const server = buildToolServer(account, { profile: options.profile, expose: options.expose });
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      maxRequestBodySize: MCP_BODY_LIMIT,
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, server, lastSeen: now(), accountId: account.accountId });
      },
      onsessionclosed: (id) => void end(id),
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, parsed);
    // Anything but a valid initialize leaves no session behind.
    if (!transport.sessionId) await server.close().catch(() => undefined);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const checked = guard(req, bindings, allowed);
    if ('refused' in checked) {
      // The body is never read: drained, so the connection is free for the next request.
      req.resume();
      const [status, message] = checked.refused;
      refuse(res, status, -32001, message, status === 401 ? { 'www-authenticate': 'Bearer' } : {});
      return;
    }
    const id = req.headers['mcp-session-id'];
    const found = typeof id === 'string' ? sessions.get(id) : undefined;
    // Another account's session is as good as absent: its id alone never lets a token act for it.
    const session = found?.accountId === checked.deps.accountId ? found : undefined;
    if (typeof id === 'string' && !session) {
      if (found)
        await auditAccountRefusal(checked.deps, {
          face: 'mcp',
          route: 'mcp session',
          credential: 'mcp_token',
        });
      req.resume();
      refuse(res, 404, -32001, 'Session not found: initialize a new session');
      return;
    }
    // The body is read here so an oversized batch is refused before any of its messages runs.
    const body = await readRpcBody(req, MCP_BODY_LIMIT);
    if (body.kind === 'refused') {
      refuse(res, body.status, body.code, body.message);
      return;
    }
    const parsed = body.kind === 'parsed' ? body.message : undefined;
    if (session) {
      session.lastSeen = now();
      await session.transport.handleRequest(req, res, parsed);
      return;
    }
    if (req.method === 'POST') {
      await open(req, res, parsed, checked.deps);
      return;
    }
    if (req.method === 'GET' || req.method === 'DELETE') {
      refuse(res, 400, -32000, 'Bad Request: Mcp-Session-Id header is required');
      return;
    }
    refuse(res, 405, -32000, 'Method not allowed.', { allow: 'GET, POST, DELETE' });
  }

  return {
    async handle(req, res) {
      try {
        await handle(req, res);
      } catch (error) {
        deps.logger.error({ err: error }, 'tool server HTTP request failed');
        if (!res.headersSent) refuse(res, 500, -32603, 'Internal error');
        else res.end();
      }
    },
    sessionCount: () => sessions.size,
    async close() {
      await Promise.all([...sessions.keys()].map(end));
    },
  };
}
