// Every answer under /api says `X-Content-Type-Options: nosniff` and `Cache-Control: no-store`: each route of
// the live table (whatever its status), the refusals of the guards, Fastify and Node, over a real socket.
// The dashboard's hashed assets keep their own long cache, media previews and the account picture their
// private ones.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';
import { writeMedia } from '../support/media-files.js';
import { type RawResponse, rawRequest, sendRaw } from '../support/raw-http.js';

let h: HttpHarness;
let port: number;
beforeAll(async () => {
  h = await startHttpHarness();
  port = Number(new URL(await h.server.listen({ host: '127.0.0.1', port: 0 })).port);
});
afterAll(() => h.close());

const auth = () => ({ authorization: `Bearer ${h.token}` });

function expectApiHeaders(response: RawResponse, label: string) {
  expect(response.headers['x-content-type-options'], label).toBe('nosniff');
  expect(response.headers['cache-control'], label).toBe('no-store');
}

describe('API answers are neither sniffed nor stored', () => {
  it('every route of the live table, authenticated or not, with or without a body', async () => {
    // The live stream is its own (text/event-stream, no-cache); /mcp is the tool server's.
    const routes = h.server.routeTable.filter(
      (r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && r.url !== '/api/events',
    );
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      const target = route.url.replace(/:\w+/g, '999').replace('*', 'x');
      const write = route.method !== 'GET';
      for (const headers of [auth(), {}]) {
        const response = await rawRequest(port, {
          method: route.method,
          target: route.url === '/api/media/file' ? `${target}?path=missing.png` : target,
          headers: { ...headers, ...(write ? { 'content-type': 'application/json' } : {}) },
          ...(write ? { body: '{}' } : {}),
        });
        const label = `${route.method} ${target} → ${response.status}`;
        // The account picture, once an earlier step of the walk (its profile) has kept it, is the one other
        // success with a private cache of its own (the last test).
        if (route.url === '/api/account/profile/picture' && response.status === 200) {
          expect(response.headers['cache-control'], label).toBe('private, max-age=86400');
          expect(response.headers['x-content-type-options'], label).toBe('nosniff');
        } else {
          expectApiHeaders(response, label);
        }
      }
    }
  }, 60_000);

  it("the guards', Fastify's and Node's own refusals", async () => {
    const cases: Array<[string, Parameters<typeof rawRequest>[1]]> = [
      ['no route', { method: 'GET', target: '/api/nowhere', headers: auth() }],
      ['disguised path', { method: 'GET', target: '/%61pi/health' }],
      [
        'foreign host',
        { method: 'GET', target: '/api/content/drafts', headers: { ...auth(), host: 'evil.example' } },
      ],
      ['bad encoding', { method: 'GET', target: '/api/content/drafts/%zz', headers: auth() }],
      [
        'long parameter',
        { method: 'GET', target: `/api/content/drafts/${'1'.repeat(500)}`, headers: auth() },
      ],
      [
        'broken JSON',
        {
          method: 'POST',
          target: '/api/content/drafts',
          headers: { ...auth(), 'content-type': 'application/json' },
          body: '{"content',
        },
      ],
      [
        'form post',
        {
          method: 'POST',
          target: '/api/content/drafts',
          headers: { ...auth(), 'content-type': 'text/plain' },
          body: 'x',
        },
      ],
      [
        'too large',
        {
          method: 'POST',
          target: '/api/content/drafts',
          headers: { ...auth(), 'content-type': 'application/json' },
          body: 'x',
          contentLength: 2 * 1024 * 1024,
        },
      ],
      [
        'deep JSON',
        {
          method: 'POST',
          target: '/api/content/drafts',
          headers: { ...auth(), 'content-type': 'application/json' },
          body: `{"blocks":${'['.repeat(100)}${']'.repeat(100)}}`,
        },
      ],
    ];
    for (const [label, request] of cases) {
      const response = await rawRequest(port, request);
      expect(response.status, label).toBeGreaterThanOrEqual(400);
      expectApiHeaders(response, `${label} → ${response.status}`);
    }
    const headersTooLarge = await rawRequest(port, {
      method: 'GET',
      target: '/api/health',
      headers: { 'x-padding': 'a'.repeat(20_000) },
    });
    expect(headersTooLarge.status).toBe(431);
    expectApiHeaders(headersTooLarge, 'headers too large');
    const garbage = await sendRaw(port, 'HELLO THERE\r\n\r\n');
    expect(garbage.status).toBe(400);
    expectApiHeaders(garbage, 'garbage request line');
  });

  it('assets keep their long cache, media previews and the account picture their private ones', async () => {
    const page = await rawRequest(port, { method: 'GET', target: '/drafts' });
    expect(page.headers['cache-control']).toBe('no-store');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(page.body)?.[1];
    expect(script).toBeDefined();
    const asset = await rawRequest(port, { method: 'GET', target: script as string });
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');

    mkdirSync(h.app.deps.paths.mediaDir, { recursive: true });
    writeMedia(`${h.app.deps.paths.mediaDir}/preview.png`, 'png');
    const media = await rawRequest(port, {
      method: 'GET',
      target: '/api/media/file?path=preview.png',
      headers: auth(),
    });
    expect(media.status).toBe(200);
    expect(media.headers['cache-control']).toBe('private, max-age=3600');
    expect(media.headers['x-content-type-options']).toBe('nosniff');

    expect(
      (await rawRequest(port, { method: 'GET', target: '/api/account/profile', headers: auth() })).status,
    ).toBe(200);
    const picture = await rawRequest(port, {
      method: 'GET',
      target: '/api/account/profile/picture?v=1',
      headers: auth(),
    });
    expect(picture.status).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.headers['cache-control']).toBe('private, max-age=86400');
    expect(picture.headers['x-content-type-options']).toBe('nosniff');
  });
});
