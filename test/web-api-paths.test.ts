// The dashboard reaches the server through the client generated from the registry (web/src/api.ts): no other
// file of web/src names a path under /api, except the bespoke routes in one file (web/src/bespoke-routes.ts)
// and the event stream (web/src/live-events.ts). Each bespoke route must be a live route, and not an
// operation's (those belong to the generated client).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packagePath } from '../src/infra/package-root.js';
import { OPERATIONS } from '../src/operations/registry.js';
import { fastifyPath } from '../src/surfaces/http/register-operations.js';
import {
  AUTH_ROUTES,
  AUTH_ROUTES_PREFIX,
  accountPictureUrl,
  MEDIA_UPLOAD_ROUTE,
  mediaFileUrl,
  PLATFORM_CALLBACK_ROUTE,
} from '../web/src/bespoke-routes.js';
import { type HttpHarness, startHttpHarness } from './support/http-harness.js';

const ALLOWED = ['api.ts', 'bespoke-routes.ts', 'live-events.ts'];
const WEB = packagePath('web', 'src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Lines of code naming a path under /api (comment lines say what a file talks to, and may). */
function apiPaths(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => !/^\s*(\/\/|\/?\*)/.test(line) && line.includes('/api/'))
    .map(({ line, number }) => `${relative(WEB, file)}:${number}: ${line.trim()}`);
}

describe('the dashboard names API paths only in its generated client', () => {
  it('has no /api/ path outside api.ts, bespoke-routes.ts and live-events.ts', () => {
    const files = sources(WEB).filter((file) => !ALLOWED.includes(relative(WEB, file)));
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap(apiPaths)).toEqual([]);
  });

  it('notices a path written anywhere else', () => {
    const probe = packagePath('web', 'src', 'api.ts');
    expect(apiPaths(probe).length).toBeGreaterThan(60);
  });
});

describe('the bespoke routes the dashboard uses', () => {
  let h: HttpHarness;
  beforeAll(async () => {
    h = await startHttpHarness();
    await h.server.ready();
  });
  afterAll(async () => {
    await h.close();
  });

  const bespoke = [
    ...Object.values(AUTH_ROUTES),
    PLATFORM_CALLBACK_ROUTE,
    MEDIA_UPLOAD_ROUTE,
    new URL(mediaFileUrl('a.png'), 'http://x').pathname,
    new URL(accountPictureUrl('2026-11-22T12:00:00.000Z'), 'http://x').pathname,
  ];

  it('are live routes of the server and none is an operation', () => {
    const live = new Set(h.server.routeTable.map((route) => route.url));
    const operations = new Set(OPERATIONS.flatMap((op) => (op.http ? [fastifyPath(op.http.path)] : [])));
    for (const path of bespoke) {
      expect(live, path).toContain(path);
      expect(operations, path).not.toContain(path);
    }
    for (const path of Object.values(AUTH_ROUTES)) expect(path.startsWith(AUTH_ROUTES_PREFIX)).toBe(true);
  });
});
