// Tests for the platform exchange over node:http: the server receives what fetch sent for the same call
// (headers, body, length), an answer comes back decoded (gzip, deflate, br, a BOM dropped), a redirect is
// an answer and not followed, connections are reused, and failures read as before: refused (nothing left
// this machine), reset, and timed out.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exchange } from './http-exchange.js';
import { errorFromNetwork, neverConnected } from './platform-errors.js';

interface Seen {
  method: string;
  url: string;
  headers: Array<[string, string]>;
  body: string;
  socket: number;
}

let server: Server;
let base: string;
let seen: Seen[];
let answer: (req: IncomingMessage, res: ServerResponse) => void;
const sockets = new Map<object, number>();

beforeEach(async () => {
  seen = [];
  answer = (_req, res) => res.end('{"data":[]}');
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (!sockets.has(req.socket)) sockets.set(req.socket, sockets.size);
      const headers: Array<[string, string]> = [];
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        headers.push([(req.rawHeaders[i] as string).toLowerCase(), req.rawHeaders[i + 1] as string]);
      headers.sort(([a], [b]) => a.localeCompare(b));
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers,
        body: Buffer.concat(chunks).toString('utf8'),
        socket: sockets.get(req.socket) ?? -1,
      });
      answer(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const signal = () => AbortSignal.timeout(5000);
const bearer = () => new Headers({ authorization: 'Bearer t0k3n' });

describe('exchange over node:http', () => {
  it('sends what fetch sends for the same call: headers, body and its length', async () => {
    const json = new Headers({ 'content-type': 'application/json', authorization: 'Bearer t0k3n' });
    const calls: Array<[string, Headers, string | undefined]> = [
      ['GET', bearer(), undefined],
      ['POST', json, JSON.stringify({ text: 'héllo' })],
      ['POST', bearer(), undefined],
      ['DELETE', bearer(), undefined],
    ];
    for (const [method, headers, body] of calls) {
      const url = new URL(`${base}/2/tweets?ids=1,2`);
      await (await fetch(url, { method, headers, body, redirect: 'manual', signal: signal() })).text();
      await exchange(url, { method, headers, ...(body === undefined ? {} : { body }), signal: signal() });
    }
    expect(seen).toHaveLength(8);
    for (let i = 0; i < seen.length; i += 2) {
      const [viaFetch, viaExchange] = [seen[i] as Seen, seen[i + 1] as Seen];
      expect({ ...viaExchange, socket: 0 }).toEqual({ ...viaFetch, socket: 0 });
    }
    expect(seen[2]?.headers).toContainEqual(['content-length', '17']);
    expect(seen[2]?.body).toBe('{"text":"héllo"}');
  });

  it('answers status, headers and the body as text, whatever its coding', async () => {
    const codings: Record<string, (b: Buffer) => Buffer> = {
      gzip: gzipSync,
      deflate: deflateSync,
      br: brotliCompressSync,
    };
    answer = (req, res) => {
      const coding = new URL(req.url ?? '/', base).searchParams.get('coding') ?? '';
      const text = Buffer.from('\uFEFF{"data":{"text":"ünïcode"}}', 'utf8');
      res.setHeader('x-rate-limit-remaining', '7');
      if (coding) res.setHeader('content-encoding', coding);
      res.end(coding ? codings[coding]?.(text) : text);
    };
    for (const coding of ['', 'gzip', 'deflate', 'br']) {
      const got = await exchange(new URL(`${base}/x?coding=${coding}`), {
        method: 'GET',
        headers: bearer(),
        signal: signal(),
      });
      expect(got.status).toBe(200);
      expect(got.ok).toBe(true);
      expect(got.headers.get('x-rate-limit-remaining')).toBe('7');
      expect(got.text).toBe('{"data":{"text":"ünïcode"}}');
    }
  });

  it('returns a redirect as the answer, without going there', async () => {
    answer = (_req, res) => {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' });
      res.end();
    };
    const got = await exchange(new URL(`${base}/2/users/me`), {
      method: 'GET',
      headers: bearer(),
      signal: signal(),
    });
    expect(got.status).toBe(302);
    expect(got.ok).toBe(false);
    expect(got.headers.get('location')).toBe('http://169.254.169.254/latest/meta-data');
    expect(seen).toHaveLength(1);
  });

  it('keeps the connection for the next call', async () => {
    for (let i = 0; i < 3; i++)
      await exchange(new URL(`${base}/2/users/me`), { method: 'GET', headers: bearer(), signal: signal() });
    expect(new Set(seen.map((s) => s.socket)).size).toBe(1);
  });

  it('fails as before: refused (nothing sent), reset by the server, timed out', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refused = await exchange(new URL(`http://127.0.0.1:${port}/x`), {
      method: 'POST',
      headers: bearer(),
      signal: signal(),
    }).catch((error: unknown) => error);
    expect(neverConnected(refused)).toBe(true);
    expect(errorFromNetwork(refused, 'POST /x').message).toBe('POST /x: network error (ECONNREFUSED)');

    answer = (req) => req.socket.destroy();
    const reset = await exchange(new URL(`${base}/x`), {
      method: 'POST',
      headers: bearer(),
      signal: signal(),
    }).catch((error: unknown) => error);
    expect(neverConnected(reset)).toBe(false);
    expect(errorFromNetwork(reset, 'POST /x').message).toBe('POST /x: network error (ECONNRESET)');

    answer = () => {};
    const slow = await exchange(new URL(`${base}/x`), {
      method: 'GET',
      headers: bearer(),
      signal: AbortSignal.timeout(50),
    }).catch((error: unknown) => error);
    expect(errorFromNetwork(slow, 'GET /x').message).toBe('GET /x: network error (timed out)');
    expect(neverConnected(slow)).toBe(false);
  });
});
