// No 500 from bad input, one error shape everywhere: malformed multipart, Fastify's own refusals (bad URL
// encoding, over-long parameters, empty or broken JSON) and Node's (over-long headers, garbage request
// lines), over a real socket, each with its documented status and `{ error: { code, message } }`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_URL_LENGTH } from '../../src/surfaces/http/request-target.js';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';
import { type RawResponse, rawRequest, sendRaw } from '../support/raw-http.js';
import { sqliteOf } from '../support/sqlite-of.js';

let h: HttpHarness;
let port: number;
beforeAll(async () => {
  h = await startHttpHarness();
  port = Number(new URL(await h.server.listen({ host: '127.0.0.1', port: 0 })).port);
});
afterAll(() => h.close());

const auth = () => ({ authorization: `Bearer ${h.token}` });
const mediaRows = () =>
  (
    sqliteOf(h.app.deps.database).sqlite.prepare('select count(*) as n from media_files').get() as {
      n: number;
    }
  ).n;

function expectError(response: RawResponse, status: number, code: string) {
  expect(response.status, response.body.slice(0, 300)).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.json).toEqual({ error: { code, message: expect.any(String) } });
}

const PNG_START = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe('malformed multipart uploads answer 400, never 500', () => {
  it('no boundary', async () => {
    const response = await rawRequest(port, {
      method: 'POST',
      target: '/api/media/upload',
      headers: { ...auth(), 'content-type': 'multipart/form-data' },
      body: 'whatever is here',
    });
    expectError(response, 400, 'invalid_input');
  });

  it('garbage instead of parts', async () => {
    const response = await rawRequest(port, {
      method: 'POST',
      target: '/api/media/upload',
      headers: { ...auth(), 'content-type': 'multipart/form-data; boundary=XyZ' },
      body: 'hello world, no parts at all',
    });
    expectError(response, 400, 'invalid_input');
  });

  it('a body cut off before its closing boundary', async () => {
    const before = mediaRows();
    const body = Buffer.concat([
      Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n'),
      Buffer.from('Content-Type: image/png\r\n\r\n'),
      PNG_START,
    ]);
    const response = await rawRequest(port, {
      method: 'POST',
      target: '/api/media/upload',
      headers: { ...auth(), 'content-type': 'multipart/form-data; boundary=XyZ' },
      body,
    });
    expectError(response, 400, 'invalid_input');
    expect(mediaRows()).toBe(before);
  });

  it('a body announced longer than it is, then the client hangs up: the server survives', async () => {
    const socketClosed = await rawRequest(
      port,
      {
        method: 'POST',
        target: '/api/media/upload',
        headers: { ...auth(), 'content-type': 'multipart/form-data; boundary=XyZ' },
        body: '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n',
        contentLength: 10_000,
      },
      500,
    ).catch(() => 'no answer');
    expect(socketClosed).toBe('no answer');
    const health = await rawRequest(port, { method: 'GET', target: '/api/health' });
    expect(health.status).toBe(200);
  });

  it('no file part at all', async () => {
    const response = await rawRequest(port, {
      method: 'POST',
      target: '/api/media/upload',
      headers: { ...auth(), 'content-type': 'multipart/form-data; boundary=XyZ' },
      body: '--XyZ\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n--XyZ--\r\n',
    });
    expectError(response, 400, 'invalid_input');
  });
});

describe("Fastify's and Node's own refusals in the one shape", () => {
  it('malformed URL encoding in a path parameter → 400 invalid_input', async () => {
    const response = await rawRequest(port, {
      method: 'GET',
      target: '/api/content/drafts/%zz',
      headers: auth(),
    });
    expectError(response, 400, 'invalid_input');
  });

  it('an over-long path parameter → 414 uri_too_long', async () => {
    const response = await rawRequest(port, {
      method: 'GET',
      target: `/api/content/drafts/${'1'.repeat(500)}`,
      headers: auth(),
    });
    expectError(response, 414, 'uri_too_long');
  });

  it('an over-long request target → 414 before anything is parsed', async () => {
    const response = await rawRequest(port, {
      method: 'GET',
      target: `/api/content/drafts?q=${'a'.repeat(MAX_URL_LENGTH)}`,
      headers: auth(),
    });
    expectError(response, 414, 'uri_too_long');
  });

  it('over-long headers → 431 headers_too_large', async () => {
    const response = await rawRequest(port, {
      method: 'GET',
      target: '/api/health',
      headers: { 'x-padding': 'a'.repeat(20_000) },
    });
    expectError(response, 431, 'headers_too_large');
  });

  it('a garbage request line → 400 invalid_input', async () => {
    expectError(await sendRaw(port, 'HELLO THERE\r\n\r\n'), 400, 'invalid_input');
    expectError(
      await sendRaw(port, 'GET /api/health HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n'),
      400,
      'invalid_input',
    );
  });

  it('broken JSON, a bare string and prototype-poisoning JSON → 400 invalid_input', async () => {
    const send = (body: string) =>
      rawRequest(port, {
        method: 'POST',
        target: '/api/content/drafts',
        headers: { ...auth(), 'content-type': 'application/json' },
        body,
      });
    expectError(await send('{"content": '), 400, 'invalid_input');
    expectError(await send('"just a string"'), 400, 'invalid_input');
    expectError(await send('{"__proto__": {"polluted": true}, "content": "x"}'), 400, 'invalid_input');
    expectError(await send('{"constructor": {"prototype": {"polluted": true}}}'), 400, 'invalid_input');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('an unsupported body type → 415, a body over 1 MiB → 413', async () => {
    const form = await rawRequest(port, {
      method: 'POST',
      target: '/api/content/drafts',
      headers: { ...auth(), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'content=x',
    });
    expectError(form, 415, 'unsupported_media_type');
    const big = await rawRequest(port, {
      method: 'POST',
      target: '/api/content/drafts',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'x'.repeat(1_100_000) }),
    });
    expectError(big, 413, 'payload_too_large');
  });

  it('an unknown route and a wrong method → 404 not_found in the same shape', async () => {
    expectError(
      await rawRequest(port, { method: 'GET', target: '/api/nope', headers: auth() }),
      404,
      'not_found',
    );
    expectError(
      await rawRequest(port, { method: 'PUT', target: '/api/health', headers: auth() }),
      404,
      'not_found',
    );
  });
});
