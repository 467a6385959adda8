// Property-based fuzz over every HTTP route (seeded, bounded): hostile path parameters, query strings and
// bodies shaped after each operation's input schema but full of wrong types, huge and nested values,
// unicode edge cases, prototype-pollution keys and wrong content types. Never a 5xx, every error in the
// documented shape, JSON nested past 64 levels refused on every JSON route (whole body or any field), and
// afterwards the server answers, the database passes integrity_check and Object.prototype is untouched.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/core/errors.js';
import type { AnyOperation } from '../../src/operations/define-operation.js';
import { OPERATIONS } from '../../src/operations/registry.js';
import type { RouteSummary } from '../../src/surfaces/http/auth/route-access.js';
import { fastifyPath } from '../../src/surfaces/http/register-operations.js';
import { toSchema } from '../../src/surfaces/json-schema-text.js';
import { type FakeLlm, startFakeLlm } from '../fakes/llm/index.js';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';
import { sqliteOf } from '../support/sqlite-of.js';
import { deepValue, hostileValue, nastyString, objectFor } from './fuzz-arbitraries.js';

// Fixed in CI; FUZZ_SEED and FUZZ_RUNS widen a local hunt.
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 40);
const HTTP_ONLY_CODES = [
  'unauthenticated',
  'forbidden',
  'conflict',
  'payload_too_large',
  'throttled',
  'uri_too_long',
  'headers_too_large',
];
const DOCUMENTED = new Set<string>([...ERROR_CODES, ...HTTP_ONLY_CODES]);
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let h: HttpHarness;
let llm: FakeLlm;
let ids: number[];

beforeAll(async () => {
  llm = await startFakeLlm();
  h = await startHttpHarness({
    approval_mode: true,
    business: { product_name: 'Acme', product_keywords: ['changelog'] },
    llm: { provider: 'openai', api_key: 'sk-test', base_url: llm.openaiBaseUrl },
  });
  // A healthy model: every generation gets an answer that parses as a post and as a thread, so a 5xx
  // could only come from our handling of the input.
  llm.script.reply('Ship small changes.\n---\nWrite down why.', { times: Number.POSITIVE_INFINITY });
  // Real rows for the ids the fuzz aims at: drafts, approval items and jobs 1..3 exist.
  for (const content of ['first', 'second', 'third']) {
    await h.api('POST', '/api/content/compose', { content_type: 'tweet', content: `fuzz target ${content}` });
  }
  ids = [1, 2, 3];
}, 30_000);
afterAll(async () => {
  await h.close();
  await llm.close();
});

const operationByRoute = new Map<string, AnyOperation>(
  OPERATIONS.flatMap((op) =>
    op.http ? [[`${op.http.method} ${fastifyPath(op.http.path)}`, op] as const] : [],
  ),
);

/** Percent-encodes any string; lone surrogates become their (invalid UTF-8) byte escapes. */
function encodeAnything(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

const pathValue = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...ids.map(String)) },
    { weight: 1, arbitrary: fc.integer().map(String) },
    { weight: 1, arbitrary: nastyString.filter((s) => s.length > 0).map(encodeAnything) },
    { weight: 1, arbitrary: fc.constantFrom('0', '-1', '1.5', '1e3', '9'.repeat(30), 'NaN', '0x10', '%20') },
  );

interface FuzzRequest {
  path: string;
  query: string;
  body?: string;
  contentType?: string;
}

function requestFor(route: RouteSummary): fc.Arbitrary<FuzzRequest> {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  const path = fc
    .tuple(...names.map(() => pathValue()))
    .map((values) => values.reduce((url, value, i) => url.replace(`:${names[i]}`, value), route.url));
  const op = operationByRoute.get(`${route.method} ${route.url}`);
  const schema = op ? toSchema(op.input, 'input') : { type: 'object', properties: {} };
  const fields = objectFor(schema);
  if (route.method === 'GET' || route.method === 'HEAD') {
    const query = fc
      .tuple(fields, fc.array(fc.tuple(nastyString, nastyString), { maxLength: 2 }))
      .map(([object, extra]) => {
        const params = new URLSearchParams();
        for (const [key, value] of Object.entries(object)) {
          for (const one of Array.isArray(value) ? value : [value])
            params.append(key, typeof one === 'string' ? one : (JSON.stringify(one) ?? ''));
        }
        for (const [key, value] of extra) params.append(key, value);
        return params.toString().slice(0, 6000);
      });
    return fc.record({ path, query });
  }
  const body = fc.oneof(
    {
      weight: 6,
      arbitrary: fields.map((object) => ({ body: JSON.stringify(object), contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: hostileValue.map((v) => ({
        body: JSON.stringify(v) ?? 'null',
        contentType: 'application/json',
      })),
    },
    {
      weight: 1,
      arbitrary: deepValue.map((v) => ({ body: JSON.stringify(v), contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        body: nastyString,
        contentType: fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=zz',
          'multipart/form-data',
          'application/octet-stream',
          'image/png',
          '',
        ),
      }),
    },
  );
  return fc.tuple(path, body).map(([p, b]) => ({ path: p, query: '', ...b }));
}

async function send(route: RouteSummary, request: FuzzRequest) {
  const url = request.query ? `${request.path}?${request.query}` : request.path;
  const response = await h.server.inject({
    method: route.method as 'GET',
    url,
    headers: {
      host: '127.0.0.1',
      authorization: `Bearer ${h.token}`,
      ...(request.contentType ? { 'content-type': request.contentType } : {}),
    },
    ...(request.body === undefined ? {} : { payload: request.body }),
  });
  return response;
}

/** `value` wrapped in `levels` arrays (or objects) — the JSON text, since building it stays flat. */
const nestedText = (levels: number, objects: boolean) =>
  objects ? `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}` : `${'['.repeat(levels)}1${']'.repeat(levels)}`;

describe('HTTP fuzz: every route', () => {
  it('never answers 5xx; every error has the documented shape', async () => {
    // The live event stream never ends by itself (an injected request would wait forever): test/http/events.
    const routes = h.server.routeTable.filter((r) => r.method !== 'HEAD' && r.url !== '/api/events');
    expect(routes.length).toBeGreaterThan(35);
    let requests = 0;
    for (const route of routes) {
      const details = await fc.check(
        fc.asyncProperty(requestFor(route), async (request) => {
          const response = await send(route, request);
          requests++;
          const label = `${route.method} ${request.path}?${request.query.slice(0, 80)} ${request.contentType ?? ''}`;
          expect(response.statusCode, `${label} → ${response.body.slice(0, 300)}`).toBeLessThan(500);
          if (response.statusCode >= 400) {
            const body = response.json();
            expect(Object.keys(body), label).toEqual(['error']);
            expect(typeof body.error.message, label).toBe('string');
            expect(DOCUMENTED.has(body.error.code), `${label}: code ${body.error.code}`).toBe(true);
            expect(Object.keys(body.error).every((k) => ['code', 'message', 'details'].includes(k))).toBe(
              true,
            );
          }
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
      if (details.failed) {
        // fast-check would print the whole (possibly megabyte-sized) counterexample: keep the report short.
        const example = JSON.stringify(details.counterexample)?.slice(0, 600);
        throw new Error(
          `${route.method} ${route.url}: ${String(details.errorInstance).slice(0, 600)}\ncounterexample: ${example}\nseed ${details.seed}, path ${details.counterexamplePath}`,
        );
      }
    }
    expect(requests).toBeGreaterThan(routes.length * RUNS_PER_ROUTE * 0.9);
  }, 180_000);

  it('JSON nested past 64 levels: every JSON route answers 400 validation_error, whole body or any field', async () => {
    const routes = h.server.routeTable.filter(
      (r) => WRITES.has(r.method) && r.body === 'json' && r.url !== '/mcp',
    );
    expect(routes.length).toBeGreaterThan(30);
    const failures: string[] = [];
    for (const route of routes) {
      const path = route.url.replace(/:\w+/g, '1');
      const op = operationByRoute.get(`${route.method} ${route.url}`);
      const fields = Object.keys((op ? toSchema(op.input, 'input') : { properties: {} }).properties ?? {});
      const bodies = [nestedText(65, false), nestedText(5_000, true)];
      for (const field of [...fields, 'extra']) {
        for (const [levels, objects] of [
          [65, false],
          [5_000, true],
          [20_000, false],
        ] as const)
          bodies.push(`{${JSON.stringify(field)}:${nestedText(levels, objects)}}`);
      }
      for (const body of bodies) {
        const response = await send(route, { path, query: '', body, contentType: 'application/json' });
        const error = response.statusCode === 400 ? response.json().error : undefined;
        if (error?.code !== 'validation_error' || !/nested deeper than 64 levels/.test(error.message))
          failures.push(
            `${route.method} ${path} ${body.slice(0, 40)}…: ${response.statusCode} ${response.body.slice(0, 120)}`,
          );
      }
      // At the limit, a field is judged by its route's schema, not refused for its depth.
      const within = await send(route, {
        path,
        query: '',
        body: `{"${fields[0] ?? 'extra'}":${nestedText(64, false)}}`,
        contentType: 'application/json',
      });
      expect(within.statusCode, `${route.method} ${path}`).toBeLessThan(500);
      expect(within.body, `${route.method} ${path}`).not.toMatch(/nested deeper/);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('afterwards: the server answers, the database is intact, no prototype was polluted', async () => {
    const health = await h.api('GET', '/api/health', undefined, { auth: false });
    expect(health.status).toBe(200);
    const sqlite = sqliteOf(h.app.deps.database).sqlite;
    expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(sqlite.pragma('foreign_key_check')).toEqual([]);
    const probe = {} as Record<string, unknown>;
    for (const key of ['polluted', 'isAdmin', 'a', 'toString']) {
      expect(Object.hasOwn(Object.prototype, key) && key !== 'toString', key).toBe(false);
    }
    expect(typeof probe.toString).toBe('function');
    expect(Object.keys(Object.prototype)).toEqual([]);
  });
});
