// The auth matrix over a real socket: every authenticated route × every way of presenting bad or borrowed
// credentials, and × every disguised spelling of its path (encoded, dotted, doubled, upper-case,
// absolute-form). Each answers 401, 403 or 404 — and afterwards nothing was created, approved or posted.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ACCOUNT_ID } from '../../src/contracts/account.js';
import { DASHBOARD_PATHS } from '../../src/contracts/dashboard-routes.js';
import { loadConfig } from '../../src/infra/config/load-config.js';
import { hashPassphrase } from '../../src/infra/security/passphrase.js';
import { AuthRepository } from '../../src/infra/sqlite/repositories/auth-repository.js';
import type { RouteSummary } from '../../src/surfaces/http/auth/route-access.js';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';
import { type RawResponse, rawRequest } from '../support/raw-http.js';
import { sqliteOf } from '../support/sqlite-of.js';

let h: HttpHarness;
let port: number;
let approvalId: number;
let draftId: number;
let session: { cookie: string; csrf: string };
const PASSPHRASE = 'matrix passphrase for tests';

const count = (table: string, where = '1 = 1') =>
  (
    sqliteOf(h.app.deps.database)
      .sqlite.prepare(`select count(*) as n from ${table} where ${where}`)
      .get() as {
      n: number;
    }
  ).n;

/** What a successful attack would change: rows, reviews, jobs, posts at the platform. */
function damage() {
  return {
    drafts: count('drafts'),
    approvals: count('approval_queue'),
    pending: count('approval_queue', "status = 'pending'"),
    jobs: count('posting_jobs'),
    outbox: count('outbox'),
    revisions: count('draft_revisions'),
    media: count('media_files'),
    posts: h.fake.state.tweets.size,
    platformWrites: h.fake.requests.filter((r) => r.method !== 'GET').length,
  };
}

beforeAll(async () => {
  h = await startHttpHarness({ approval_mode: true });
  await new AuthRepository(h.app.deps.database, DEFAULT_ACCOUNT_ID).setPassphraseHash(
    await hashPassphrase(PASSPHRASE),
    new Date(h.clock.now()),
  );
  // Something worth stealing: a pending post that approving would publish.
  const composed = await h.api('POST', '/api/content/compose', {
    content_type: 'tweet',
    content: 'waiting for a human',
  });
  expect(composed.status).toBe(202);
  approvalId = composed.json.approval_id;
  draftId = composed.json.draft_id;
  const address = await h.server.listen({ host: '127.0.0.1', port: 0 });
  port = Number(new URL(address).port);
  const login = await rawRequest(port, {
    method: 'POST',
    target: '/api/auth/login',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ passphrase: PASSPHRASE }),
  });
  expect(login.status).toBe(200);
  session = { cookie: (login.headers['set-cookie'] ?? '').split(';')[0] ?? '', csrf: login.json.csrf_token };
}, 30_000);
afterAll(() => h.close());

const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function concrete(url: string): string {
  return url.replace(/:(\w+)/g, (_m, name: string) =>
    name === 'id' ? String(url.includes('approval') ? approvalId : draftId) : '1',
  );
}

function send(route: RouteSummary, target: string, headers: Record<string, string>): Promise<RawResponse> {
  const write = WRITE.has(route.method);
  const json = write && route.body === 'json';
  return rawRequest(port, {
    method: route.method,
    target,
    headers: json ? { 'content-type': 'application/json', ...headers } : headers,
    ...(json ? { body: '{}' } : {}),
  });
}

function expectShape(response: RawResponse, allowed: number[], label: string, method = 'GET') {
  expect(allowed, `${label} → ${response.status} ${response.body.slice(0, 200)}`).toContain(response.status);
  // HEAD answers carry no body by definition.
  if (method !== 'HEAD') {
    expect(response.json, label).toEqual({
      error: { code: expect.any(String), message: expect.any(String) },
    });
  }
}

const protectedRoutes = () => h.server.routeTable.filter((r) => !r.public);

describe('the route table', () => {
  it('only health, login, first-run setup, status, logout, the drive OAuth callback and the dashboard pages and assets are public; everything else needs auth', () => {
    const open = h.server.routeTable
      .filter((r) => r.public)
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    // The dashboard's pages hold no data; every /api call they make is authenticated.
    const pages = DASHBOARD_PATHS.flatMap((path) => [`GET ${path}`, `HEAD ${path}`]);
    expect(open).toEqual(
      [
        ...pages,
        'GET /api/auth/status',
        // The browser comes back from the drive's consent page without our credentials; the single-use,
        // 10-minute state that only an authenticated link start hands out is what protects it.
        'GET /api/connectors/cloud-drive/callback',
        'GET /api/health',
        // Hashed assets hold no data either.
        'GET /assets/*',
        'HEAD /api/auth/status',
        'HEAD /api/connectors/cloud-drive/callback',
        'HEAD /api/health',
        'HEAD /assets/*',
        // The browser comes back from the platform's consent page (Connect account) the same way, guarded
        // by the single-use state an authenticated start hands out.
        'GET /api/auth/platform/callback',
        'HEAD /api/auth/platform/callback',
        'POST /api/auth/login',
        'POST /api/auth/logout',
        // First run only (409 once a passphrase is set), and only from a loopback socket.
        'POST /api/auth/setup',
      ].sort(),
    );
    expect(protectedRoutes().length).toBeGreaterThan(40);
  });
});

describe('every authenticated route × bad credentials', () => {
  it('answers 401/403 for each way of presenting wrong, partial or borrowed credentials', async () => {
    const before = damage();
    const token = h.token;
    const variants: Array<{
      name: string;
      headers: Record<string, string>;
      writesOnly?: boolean;
      status: number[];
    }> = [
      { name: 'no credentials', headers: {}, status: [401] },
      { name: 'wrong token', headers: { authorization: `Bearer ${'0'.repeat(64)}` }, status: [401] },
      { name: 'token prefix', headers: { authorization: `Bearer ${token.slice(0, 32)}` }, status: [401] },
      { name: 'token plus a byte', headers: { authorization: `Bearer ${token}0` }, status: [401] },
      { name: 'empty bearer', headers: { authorization: 'Bearer ' }, status: [401] },
      { name: 'lower-case scheme', headers: { authorization: `bearer ${token}` }, status: [401] },
      {
        name: 'Basic',
        headers: { authorization: `Basic ${Buffer.from(`app:${token}`).toString('base64')}` },
        status: [401],
      },
      { name: 'token in a cookie', headers: { cookie: `app_session=${token}` }, status: [401] },
      {
        name: 'wrong bearer beside a valid cookie',
        headers: {
          authorization: `Bearer ${'f'.repeat(64)}`,
          cookie: session.cookie,
          'x-csrf-token': session.csrf,
        },
        status: [401],
      },
      { name: 'cookie without CSRF', headers: { cookie: session.cookie }, writesOnly: true, status: [403] },
      {
        name: 'cookie with wrong CSRF',
        headers: { cookie: session.cookie, 'x-csrf-token': 'a'.repeat(32) },
        writesOnly: true,
        status: [403],
      },
      {
        name: 'cookie with the CSRF of another session spelled in lower case',
        headers: { cookie: session.cookie, 'x-csrf-token': session.csrf.toUpperCase() },
        writesOnly: true,
        status: [403],
      },
      {
        name: 'foreign Host',
        headers: { authorization: `Bearer ${token}`, host: 'evil.example' },
        status: [403],
      },
      {
        name: 'foreign Host with the loopback port',
        headers: { authorization: `Bearer ${token}`, host: `attacker.test:${port}` },
        status: [403],
      },
    ];
    let checked = 0;
    for (const route of protectedRoutes()) {
      const target = concrete(route.url);
      for (const variant of variants) {
        if (variant.writesOnly && !WRITE.has(route.method)) continue;
        const response = await send(route, target, variant.headers);
        expectShape(response, variant.status, `${route.method} ${target} with ${variant.name}`, route.method);
        checked++;
      }
      // A token in the query string is never read as a credential.
      if (!WRITE.has(route.method)) {
        const response = await send(route, `${target}?access_token=${token}&token=${token}`, {});
        expectShape(response, [401], `${route.method} ${target} with a token in the query`, route.method);
      }
    }
    expect(checked).toBeGreaterThan(500);
    expect(damage()).toEqual(before);
  }, 60_000);
});

/** Disguised spellings of a canonical path `/api/...`, with the statuses each may get anonymously. */
function disguises(path: string): Array<[string, string, number[]?]> {
  const rest = path.slice('/api'.length);
  const letters = path.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`);
  return [
    ['%61pi', `/%61pi${rest}`],
    ['encoded letter later', letters.replace('/api', '/ap%69')],
    ['%2Fapi', `/%2Fapi${rest}`],
    // Not a request target at all: Node's HTTP parser refuses the request line (400) before any routing.
    ['%2Fapi without a leading slash', `%2Fapi${rest}`, [400]],
    ['/API/', `/API${rest}`],
    ['mixed case', `/Api${rest.replace(/\/([a-z])/, (_m, c: string) => `/${c.toUpperCase()}`)}`],
    ['//api/', `//api${rest}`],
    ['/./api/', `/./api${rest}`],
    ['/api/../api/', `/api/../api${rest}`],
    ['%2e%2e', `/api/%2e%2e/api${rest}`],
    ['encoded slash inside', `/api${rest.replace('/', '%2F')}`],
    ['backslash', `/api${rest.replace('/', '\\')}`],
    ['semicolon', `/api;x=1${rest}`],
    ['trailing dot segment', `${path}/.`],
    ['absolute-form', `http://evil.example${path}`],
    ['absolute-form, loopback authority', `http://127.0.0.1${path}`],
  ];
}

describe('every authenticated route × disguised paths', () => {
  it('answers 401 or 404 without credentials and 404 with them: no disguise reaches a handler', async () => {
    const before = damage();
    let checked = 0;
    for (const route of protectedRoutes()) {
      if (!route.url.startsWith('/api/')) continue;
      for (const [name, target, refused] of disguises(concrete(route.url))) {
        const label = `${route.method} ${target} (${name})`;
        const anonymous = await send(route, target, {});
        expectShape(anonymous, refused ?? [401, 404], `${label} anonymous`, route.method);
        const authed = await send(route, target, {
          authorization: `Bearer ${h.token}`,
          // The absolute-form's own authority is not where the Host guard looks.
          host: '127.0.0.1',
        });
        expectShape(authed, refused ?? [404], `${label} with the token`, route.method);
        checked += 2;
      }
    }
    expect(checked).toBeGreaterThan(1000);
    expect(damage()).toEqual(before);
  }, 90_000);

  it('the probe’s own requests: the queue stays private, nothing is queued, approved or posted', async () => {
    const before = damage();
    const probes: Array<[string, string, string?]> = [
      ['GET', '/%61pi/approval'],
      [
        'POST',
        `/%61pi/content/compose?content_type=tweet&content=${encodeURIComponent('pwned by a web page')}`,
      ],
      ['POST', `/%61pi/approval/${approvalId}/approve`],
      ['POST', '/%61pi/content/compose', JSON.stringify({ content_type: 'tweet', content: 'pwned' })],
      ['GET', 'http://evil.example/api/approval'],
      ['POST', `http://evil.example/api/approval/${approvalId}/approve`],
    ];
    for (const [method, target, body] of probes) {
      const response = await rawRequest(port, {
        method,
        target,
        headers: { host: `localhost:${port}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body } : {}),
      });
      expect([401, 404], `${method} ${target}`).toContain(response.status);
      expect(response.body).not.toContain('waiting for a human');
    }
    expect(damage()).toEqual(before);
    const item = await h.api('GET', `/api/approval/${approvalId}`);
    expect(item.json).toMatchObject({ id: approvalId, status: 'pending' });
  });
});

describe('valid credentials × the settings paths to secrets and to files', () => {
  it('the token and a dashboard session alike cannot send a stored secret elsewhere or read a system folder', async () => {
    const llmKey = 'sk-matrix-stored-key-0707';
    expect(
      (await h.api('PATCH', '/api/settings', { set: { 'llm.provider': 'openai', 'llm.api_key': llmKey } }))
        .status,
    ).toBe(200);
    // What a running service does after a change to its file: it applies it.
    const saved = loadConfig({ env: h.home.env }).config;
    if (!saved) throw new Error('the saved config does not load');
    h.app.setConfig(saved);
    const file = () => readFileSync(h.home.configPath, 'utf8');
    const before = file();
    const attempts: Array<[string, string, unknown, RegExp]> = [
      [
        'PATCH',
        '/api/settings',
        { set: { 'llm.base_url': 'http://127.0.0.1:9/v1' } },
        /the LLM key is only ever sent to/,
      ],
      [
        'POST',
        '/api/settings/test-llm',
        { base_url: 'http://127.0.0.1:9/v1' },
        /the stored key is only ever sent to/,
      ],
      [
        'PATCH',
        '/api/settings',
        {
          set: {
            'content_sources.sources': [{ source_type: 'local_fs', path: '/etc', file_patterns: ['*.md'] }],
          },
        },
        /\/etc is a system location/,
      ],
      [
        'PATCH',
        '/api/settings',
        {
          set: {
            'content_sources.sources': [
              { source_type: 'local_fs', path: h.home.dir, file_patterns: ['passwd'] },
            ],
          },
        },
        /content sources read only note|extension/,
      ],
      [
        'PATCH',
        '/api/settings',
        { set: { 'mcp_policy.upload_allowed_dirs': ['/root/.ssh'] } },
        /system location|keeps secrets/,
      ],
      ['PATCH', '/api/settings', { set: { 'storage.db_path': '/etc/app.db' } }, /system location/],
    ];
    for (const [method, target, body, says] of attempts) {
      for (const [who, headers] of [
        ['token', { authorization: `Bearer ${h.token}` }],
        ['session', { cookie: session.cookie, 'x-csrf-token': session.csrf }],
      ] as const) {
        const response = await rawRequest(port, {
          method,
          target,
          headers: { host: `127.0.0.1:${port}`, 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        });
        expect(response.status, `${who} ${method} ${target} ${JSON.stringify(body)}`).toBe(400);
        expect(response.body).toMatch(says);
        expect(response.body).not.toContain(llmKey);
      }
    }
    expect(file()).toBe(before);
  });
});
