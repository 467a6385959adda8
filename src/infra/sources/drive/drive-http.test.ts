// DriveHttp against a scripted local server: same-origin redirects followed (a few), other hosts never,
// transient answers retried a bounded number of times, answers mapped to the service's error codes.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DriveHttp } from './drive-http.js';

type Answer = { status: number; headers?: Record<string, string>; body?: string };
let script: Answer[] = [];
let hits = 0;
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((_req, res) => {
    hits++;
    const next = script.shift() ?? { status: 200, body: '{"ok":true}' };
    res.writeHead(next.status, next.headers ?? { 'content-type': 'application/json' });
    res.end(next.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const sleeps: number[] = [];
const http = new DriveHttp({ sleep: async (ms) => void sleeps.push(ms), random: () => 0 });
const get = (path = '/x') => http.send({ method: 'GET', url: new URL(path, base), what: 'reading x' });

function run(answers: Answer[]) {
  script = answers;
  hits = 0;
  sleeps.length = 0;
}

describe('DriveHttp', () => {
  it('follows a same-origin redirect, refuses one to another host', async () => {
    run([
      { status: 302, headers: { location: '/y' } },
      { status: 200, body: 'moved' },
    ]);
    expect((await get()).body.toString()).toBe('moved');
    run([{ status: 302, headers: { location: 'http://example.com/y' } }]);
    await expect(get()).rejects.toMatchObject({ code: 'social_api_error', retryable: false });
    expect(hits).toBe(1);
  });

  it('gives up on transient answers after 3 retries with growing waits', async () => {
    run([{ status: 500 }, { status: 502 }, { status: 503 }, { status: 504 }, { status: 200 }]);
    await expect(get()).rejects.toMatchObject({ code: 'social_api_error', retryable: true });
    expect(hits).toBe(4);
    expect(sleeps).toEqual([1000, 2000, 4000]);
  });

  it('maps 401, 403, 404 and other 4xx without retrying', async () => {
    for (const [status, code] of [
      [401, 'social_auth_expired'],
      [403, 'social_forbidden'],
      [404, 'not_found'],
      [400, 'social_api_error'],
    ] as const) {
      run([
        {
          status,
          body: JSON.stringify({ error: { code: status, message: 'no', errors: [{ reason: 'r' }] } }),
        },
      ]);
      await expect(get()).rejects.toMatchObject({ code, details: { status, reason: 'r' } });
      expect(hits).toBe(1);
    }
  });

  it('a refused grant is DriveGrantRefused; a refused client names the config keys', async () => {
    run([
      {
        status: 400,
        body: '{"error":"invalid_grant","error_description":"Token has been expired or revoked."}',
      },
    ]);
    await expect(get()).rejects.toMatchObject({ name: 'DriveGrantRefused', code: 'social_auth_expired' });
    run([{ status: 401, body: '{"error":"invalid_client","error_description":"Unauthorized"}' }]);
    await expect(get()).rejects.toThrow(/check \[connectors.cloud_drive\] client_id and client_secret/);
  });

  it('a refused connection is social_network_error after the retries', async () => {
    const closed = new DriveHttp({ sleep: async () => {}, maxRetries: 1 });
    await expect(
      closed.send({ method: 'GET', url: new URL('http://127.0.0.1:1/'), what: 'reading nothing' }),
    ).rejects.toMatchObject({ code: 'social_network_error' });
  });
});
