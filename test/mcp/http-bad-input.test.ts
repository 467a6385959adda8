// Bad input over the streamable HTTP transport: each refused with a clear status and JSON-RPC error (a
// foreign Origin, another port's Origin, an oversized body or batch, broken JSON), and the server keeps
// answering. A client that disconnects mid-call leaves its mutation audited exactly once.
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_USER_ID, faultPresets } from '../../src/infra/sandbox/social/index.js';
import { MCP_BODY_LIMIT } from '../../src/surfaces/mcp/http-endpoint.js';
import { MAX_BATCH_MESSAGES } from '../../src/surfaces/mcp/read-rpc-body.js';
import {
  auditRows,
  connectHttp,
  EXECUTE_LIKES,
  type HttpWorld,
  likeRequests,
  otherPosts,
  startHttpWorld,
} from './http-support.js';

let world: HttpWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const ACCEPT = 'application/json, text/event-stream';
const PING = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });

function post(body: string, headers: Record<string, string> = {}, signal?: AbortSignal) {
  return fetch(world?.server.url ?? '', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: ACCEPT, ...headers },
    body,
    ...(signal ? { signal } : {}),
  });
}
/** The JSON-RPC error of a refused request. */
const rpcError = async (answer: Response) =>
  ((await answer.json()) as { error: { code: number; message: string } }).error;
const bearer = () => ({ authorization: `Bearer ${world?.token}` });

/** A live session's headers, opened by the SDK client (which the test then leaves alone). */
async function session(): Promise<Record<string, string>> {
  const client = await connectHttp(world?.server.url ?? '', world?.token ?? '');
  return {
    ...bearer(),
    'mcp-session-id': client.transport.sessionId ?? '',
    'mcp-protocol-version': client.transport.protocolVersion ?? '2025-06-18',
  };
}

/** The server still serves a new client after whatever came before. */
async function stillServes(): Promise<void> {
  const client = await connectHttp(world?.server.url ?? '', world?.token ?? '');
  expect((await client.call('get_config')).success).toBe(true);
  await client.close();
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!check()) throw new Error(`never happened: ${what}`);
}

describe('bad input over HTTP', () => {
  it('no token and a wrong token: 401 with a Bearer challenge', async () => {
    world = await startHttpWorld();
    const none = await post(PING);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expect((await rpcError(none)).message).toMatch(/Authorization: Bearer/);
    const wrong = await post(PING, { authorization: `Bearer ${'0'.repeat(64)}` });
    expect(wrong.status).toBe(401);
    expect((await rpcError(wrong)).message).toBe('invalid bearer token');
    const basic = await post(PING, { authorization: 'Basic dXNlcjpwYXNz' });
    expect(basic.status).toBe(401);
    expect(world.server.endpoint.sessionCount()).toBe(0);
    await stillServes();
  });

  it('a foreign Origin or Host is refused 403 even with the right token (DNS rebinding)', async () => {
    world = await startHttpWorld();
    const foreign = await post(PING, { ...bearer(), origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect((await rpcError(foreign)).message).toBe('origin https://evil.example is not allowed');
    expect((await post(PING, { ...bearer(), origin: 'null' })).status).toBe(403);
    const url = new URL(world.server.url);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: {
            host: 'rebound.example:80',
            ...bearer(),
            'content-type': 'application/json',
            accept: ACCEPT,
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end(PING);
    });
    expect(status).toBe(403);
    // A page served from this machine may call it.
    const local = await post(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
      }),
      { ...bearer(), origin: `http://localhost:${url.port}` },
    );
    expect(local.status).toBe(200);
    await stillServes();
  });

  it('an Origin on another port of an allowed name is refused: another program, not this server', async () => {
    world = await startHttpWorld();
    const port = new URL(world.server.url).port;
    const other = String(Number(port) === 9999 ? 9998 : 9999);
    for (const origin of [`http://localhost:${other}`, `http://127.0.0.1:${other}`, 'http://localhost']) {
      const answer = await post(PING, { ...bearer(), origin });
      expect(answer.status, origin).toBe(403);
      expect((await rpcError(answer)).message).toBe(`origin ${origin} is not allowed`);
    }
    expect(world.server.endpoint.sessionCount()).toBe(0);
    // The same name and port as the Host header (or another loopback name on that port) may call it.
    const init = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    });
    for (const origin of [`http://127.0.0.1:${port}`, `http://LOCALHOST:${port}`]) {
      expect((await post(init, { ...bearer(), origin })).status, origin).toBe(200);
    }
    await stillServes();
  });

  it(`a batch of more than ${MAX_BATCH_MESSAGES} messages is refused whole (−32600); smaller ones answer`, async () => {
    world = await startHttpWorld();
    const headers = await session();
    const list = (count: number) =>
      JSON.stringify(
        Array.from({ length: count }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'tools/list' })),
      );
    // 100 tools/list in 5 KiB were answered with 9 MiB.
    for (const count of [MAX_BATCH_MESSAGES + 1, 100]) {
      const big = await post(list(count), headers);
      expect(big.status).toBe(400);
      const text = await big.text();
      expect(text.length).toBeLessThan(500);
      expect(JSON.parse(text).error).toEqual({
        code: -32600,
        message: `Invalid Request: a batch holds at most ${MAX_BATCH_MESSAGES} messages (this one has ${count}); send the others in further requests`,
      });
    }
    // Refused before a session is opened, too.
    const fresh = await post(list(20), bearer());
    expect(fresh.status).toBe(400);
    const sessions = world.server.endpoint.sessionCount();
    expect(sessions).toBe(1);
    const small = await post(list(2), headers);
    expect(small.status).toBe(200);
    expect((await small.text()).match(/"result":\{"tools":/g)).toHaveLength(2);
    const full = await post(list(MAX_BATCH_MESSAGES), headers);
    expect((await full.text()).match(/"result":\{"tools":/g)).toHaveLength(MAX_BATCH_MESSAGES);
    const ping = await post(PING, headers);
    expect(await ping.text()).toMatch(/"result":\{\}/);
    await stillServes();
  });

  it('a body over the limit is answered 413 before anything is parsed', async () => {
    world = await startHttpWorld();
    const big = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'ping',
      params: { pad: 'x'.repeat(MCP_BODY_LIMIT) },
    });
    const fresh = await post(big, bearer());
    expect(fresh.status).toBe(413);
    expect((await rpcError(fresh)).message).toMatch(/^Payload Too Large/);
    const inSession = await post(big, await session());
    expect(inSession.status).toBe(413);
    // Sent in chunks with no Content-Length: cut off at the limit all the same.
    const url = new URL(world.server.url);
    const chunked = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: { ...bearer(), 'content-type': 'application/json', accept: ACCEPT },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      for (let i = 0; i < 5; i++) req.write(big.slice(i * 300_000, (i + 1) * 300_000));
      req.end(big.slice(1_500_000));
    });
    expect(chunked).toBe(413);
    await stillServes();
  });

  it('tool arguments nested 20,000 levels deep answer an envelope error, not −32603', async () => {
    world = await startHttpWorld();
    const headers = await session();
    const levels = 20_000;
    const deep = `${'['.repeat(levels)}1${']'.repeat(levels)}`;
    const answer = await post(
      `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"get_config","arguments":{"section":${deep}}}}`,
      headers,
    );
    expect(answer.status).toBe(200);
    const text = await answer.text();
    expect(text).not.toMatch(/-32603/);
    const data = /^data: (.*)$/m.exec(text)?.[1] ?? '';
    const result = JSON.parse(data).result;
    expect(result.isError).toBe(true);
    expect(JSON.parse(result.content[0].text).error).toMatchObject({
      code: 'invalid_input',
      message: 'invalid arguments for get_config: section: nested deeper than 64 levels',
    });
    await stillServes();
  });

  it('a malformed batch and invalid JSON get JSON-RPC errors; an unknown session id is 404', async () => {
    world = await startHttpWorld();
    const headers = await session();
    const batch = await post(JSON.stringify([{ jsonrpc: '2.0', id: 1 }, 'ping', 7]), headers);
    expect(batch.status).toBe(400);
    expect((await rpcError(batch)).code).toBe(-32700);
    const broken = await post('[{"jsonrpc": "2.0", "id": 1, "method": "ping"', headers);
    expect(broken.status).toBe(400);
    expect(await rpcError(broken)).toMatchObject({ code: -32700, message: 'Parse error: Invalid JSON' });

    const unknown = { ...headers, 'mcp-session-id': '00000000-0000-4000-8000-000000000000' };
    const lost = await post(PING, unknown);
    expect(lost.status).toBe(404);
    expect((await rpcError(lost)).code).toBe(-32001);
    expect((await fetch(world.server.url, { method: 'DELETE', headers: unknown })).status).toBe(404);
    // The session is intact: a valid request in it still answers.
    const ping = await post(PING, headers);
    expect(ping.status).toBe(200);
    expect(await ping.text()).toMatch(/"result":\{\}/);
  });

  it('a client that disconnects mid-call: the like is made and audited exactly once', async () => {
    world = await startHttpWorld({ config: EXECUTE_LIKES });
    const [tweet] = otherPosts(world.base, 1);
    // The platform commits the like, then holds its answer while the client goes away.
    world.base.fake.faults.inject({
      method: 'POST',
      path: /\/likes$/,
      action: faultPresets.holdAfterCommit(400),
    });
    const headers = await session();
    const abort = new AbortController();
    const call = JSON.stringify({
      jsonrpc: '2.0',
      id: 5,
      method: 'tools/call',
      params: { name: 'social_like_tweet', arguments: { tweet_id: tweet } },
    });
    const pending = post(call, headers, abort.signal).then((r) => r.text());
    const base = world.base;
    await until(
      () => base.fake.state.likes.has(DEFAULT_USER_ID, tweet as string),
      'the like reached the platform',
    );
    abort.abort();
    await expect(pending).rejects.toThrow(/abort/i);
    await until(() => auditRows(base).every((row) => row.status !== 'pending'), 'the audit row completed');
    expect(auditRows(base)).toEqual([
      expect.objectContaining({
        tool_name: 'social_like_tweet',
        status: 'success',
        actor: 'agent',
        face: 'mcp',
      }),
    ]);
    expect(likeRequests(base)).toHaveLength(1);
    await stillServes();
  });
});
