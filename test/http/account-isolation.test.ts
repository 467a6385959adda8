// The isolation matrix of issue 27 item 3, HTTP face: every route of the server, with requests acting on
// account A (no account named, X-App-Account: default, and account=default on a read), aimed at account
// B's ids. The routes come from
// the operation registry plus the few hand-made ones, and the server's own route table must hold exactly
// those, so a new route joins the matrix (and fails it until it says how to reach B's ids, or why it cannot).
//
// What must hold:
// - an id of B's in the path is a 404 or 403, the very answer an id that exists nowhere gets;
// - an id of B's in a body or query is answered as an id that exists nowhere (the same status and body);
// - no answer carries anything of B's (its words, names, file names, ids of its audit and media);
// - nothing of B's changes: every row of every table with an `account_id` (and B's `accounts` row), and B's
//   user at the fake platform; A's user posts nothing of B's, and no prompt to the LLM carries B's words.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPostingQueue } from '../../src/core/gateway/publish-job.js';
import { OPERATIONS } from '../../src/operations/registry.js';
import { fastifyPath } from '../../src/surfaces/http/register-operations.js';
import {
  AS_B,
  B_FOUND,
  B_PRIVATE,
  B_PUBLIC,
  type BIds,
  type BSnapshot,
  type IsolationWorld,
  startIsolationWorld,
} from '../support/isolation-world.js';
import { HEADERS } from '../support/media-files.js';
import { sqliteOf } from '../support/sqlite-of.js';
import { openEventStream } from '../support/sse-client.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type Id = string | number;

/** Routes of the server that are not operations (each is in the matrix below). */
const BESPOKE = [
  'POST /api/media/upload',
  'GET /api/media/file',
  'GET /api/account/profile/picture',
  'GET /api/events',
];

const ROUTES: string[] = [
  ...OPERATIONS.flatMap((op) => (op.http ? [`${op.http.method} ${fastifyPath(op.http.path)}`] : [])),
  ...BESPOKE,
];

/**
 * Which of B's ids a path parameter takes, by the route's path: every route under these paths is in the
 * matrix with each of B's ids of that kind (and an id that exists nowhere, `ghost`, for the answer to match).
 */
const PATH_IDS: Array<{ path: RegExp; param: string; ids: (b: BIds) => Id[]; ghost: Id }> = [
  { path: /^\/api\/content\/drafts\/:id/, param: 'id', ids: (b) => Object.values(b.drafts), ghost: 999_999 },
  { path: /\/revisions\/:rev/, param: 'rev', ids: (b) => [b.revision], ghost: 999_998 },
  { path: /^\/api\/approval\/:id/, param: 'id', ids: (b) => Object.values(b.approvals), ghost: 999_997 },
  { path: /^\/api\/posting\/jobs\/:id/, param: 'id', ids: (b) => [b.job], ghost: 999_996 },
  {
    path: /^\/api\/discovery\/:tweet_id/,
    param: 'tweet_id',
    ids: (b) => [b.discovered, ...b.tweets],
    ghost: '1999999999999999999',
  },
  { path: /^\/api\/connectors\/cloud-drive\/:id/, param: 'id', ids: (b) => [b.connection], ghost: 999_995 },
  { path: /^\/api\/sources\/:id/, param: 'id', ids: (b) => [b.source], ghost: 999_994 },
  { path: /^\/api\/notes\/:id/, param: 'id', ids: (b) => [b.note], ghost: 999_993 },
  {
    path: /^\/api\/activity\/mutations\/:correlation_id/,
    param: 'correlation_id',
    ids: (b) => [b.correlation],
    ghost: '00000000-0000-4000-8000-000000000000',
  },
];

/** A valid body for a write under an id (so that only the id, never the validation, can stop it). */
const BODIES: Record<string, (w: IsolationWorld) => Record<string, unknown>> = {
  'PATCH /api/content/drafts/:id': (w) => ({ content: 'A writes over it', version: draftVersion(w) }),
  'POST /api/content/drafts/:id/schedule': () => ({ scheduled_for: '2026-11-24T10:00:00' }),
  'POST /api/content/drafts/:id/queue': () => ({ at: '2026-11-22T12:30:00.000Z' }),
  'POST /api/content/drafts/:id/revisions/:rev/restore': (w) => ({ version: draftVersion(w) }),
  'POST /api/approval/:id/approve': () => ({ notes: 'approved by A' }),
  'POST /api/approval/:id/reject': () => ({ notes: 'rejected by A' }),
  'PATCH /api/approval/:id': () => ({ content: 'A edits it' }),
  'POST /api/posting/jobs/:id/reschedule': () => ({ scheduled_for: '2026-11-24T11:00:00' }),
  'POST /api/discovery/:tweet_id/queue-reply': () => ({ text: 'A replies' }),
};

/** B's post draft's version: a write that names it could only be stopped by whose draft it is. */
const draftVersion = (w: IsolationWorld) =>
  (
    sqliteOf(w.h.app.deps.database)
      .sqlite.prepare('select version from drafts where id = ?')
      .get(w.ids.drafts.post) as {
      version: number;
    }
  ).version;

interface BodyProbe {
  /** B's ids the probe sends, and as many ids that exist nowhere (the ghost request). */
  ids: (w: IsolationWorld) => Id[];
  ghosts: (w: IsolationWorld) => Id[];
  request: (ids: Id[]) => { url: string; body?: unknown };
  /** Why a success is the right answer (the id is skipped or filters to nothing, as an absent one). */
  success?: string;
}

const ghostPath = (w: IsolationWorld) => join(w.a.deps.media.mediaDir, `${randomUUID()}.png`);
const GHOST_NOTE = 999_993;
const bMedia = (w: IsolationWorld) => [w.ids.media.path];
const ghostMedia = (w: IsolationWorld) => [ghostPath(w)];
const bNote = (w: IsolationWorld) => [w.ids.note];
const ghostNote = () => [GHOST_NOTE];

/** Routes that take B's ids in the body or the query string (an id-like field of their input). */
const BODY_IDS: Record<string, BodyProbe[]> = {
  'POST /api/content/drafts': [
    {
      ids: bMedia,
      ghosts: ghostMedia,
      request: ([path]) => ({ url: '/api/content/drafts', body: { content: 'A', media_paths: [path] } }),
      success:
        'a draft keeps the media paths it is given, any path alike; a path is checked when it is posted (see below)',
    },
    {
      ids: bNote,
      ghosts: ghostNote,
      request: ([note]) => ({
        url: '/api/content/drafts',
        body: { content: 'A', provenance: [{ node_id: note }] },
      }),
      success:
        'a note of the provenance that the account does not have is dropped, as one that does not exist',
    },
  ],
  'POST /api/content/compose': [
    {
      ids: bMedia,
      ghosts: ghostMedia,
      request: ([path]) => ({
        url: '/api/content/compose',
        body: { content_type: 'tweet', content: 'A', media_paths: [path] },
      }),
    },
  ],
  'POST /api/approval/approve-all': [
    {
      ids: (w) => Object.values(w.ids.approvals),
      ghosts: () => [999_997, 999_996],
      request: (ids) => ({ url: '/api/approval/approve-all', body: { ids } }),
      success: 'a batch review skips ids the account does not have, as ids that do not exist',
    },
  ],
  'GET /api/notes': [
    {
      ids: (w) => [w.ids.source],
      ghosts: () => [999_994],
      request: ([source]) => ({ url: `/api/notes?source_id=${source}` }),
      success: 'a filter on a source the account does not have finds nothing, as one that does not exist',
    },
  ],
  'GET /api/media/file': [
    {
      ids: bMedia,
      ghosts: ghostMedia,
      request: ([path]) => ({ url: `/api/media/file?path=${encodeURIComponent(String(path))}` }),
    },
    {
      ids: (w) => [w.ids.media.fileName],
      ghosts: () => [`${randomUUID()}.png`],
      request: ([name]) => ({ url: `/api/media/file?path=${name}` }),
    },
  ],
  ...Object.fromEntries(
    (
      [
        ['/api/assist/tweet', { topic: 'release notes' }],
        ['/api/assist/thread', { topic: 'release notes' }],
        ['/api/assist/improve', { draft: 'we ship things' }],
        ['/api/assist/reply', { tweet_text: 'How do you ship?', tweet_author: 'sam' }],
      ] as const
    ).map(([url, body]): [string, BodyProbe[]] => [
      `POST ${url}`,
      [
        {
          ids: bNote,
          ghosts: ghostNote,
          request: ([note]) => ({ url, body: { ...body, selected_node_ids: [note] } }),
          success:
            'notes the account does not have are left out of the context, as notes that do not exist (no prompt carries B’s words: checked at the end)',
        },
      ],
    ]),
  ),
};

/**
 * Routes that name no account-owned id: each is still called acting on A (the answer must show nothing of
 * B's, and B must not change), and says here why it takes no id of B's.
 */
const NO_ID: Record<
  string,
  { reason: string; request?: (w: IsolationWorld) => { url: string; body?: unknown } }
> = {
  'GET /api/content/drafts': {
    reason: "A's list; searched and filtered with B's words and tag, it must find none of B's drafts",
    request: () => ({ url: `/api/content/drafts?q=${B_PRIVATE[0]}&limit=100` }),
  },
  'GET /api/content/tags': { reason: "A's tags (B's tag must not be listed)" },
  'GET /api/approval': { reason: "A's queue", request: () => ({ url: '/api/approval?limit=100' }) },
  'GET /api/approval/stats': { reason: "A's queue counts" },
  'GET /api/runtime/status': { reason: "A's loops, login and queue" },
  'GET /api/billing/post-prices': { reason: 'the price table of the platform (no account data)' },
  'GET /api/calendar': {
    reason: "A's calendar over a range holding B's scheduled post",
    request: () => ({ url: '/api/calendar?from=2026-11-01T00:00:00Z&to=2026-12-01T00:00:00Z' }),
  },
  'GET /api/content/next-slot': { reason: "A's next free slot" },
  'GET /api/discovery/feed': {
    reason: "A's Discovery Feed (B's stored post must not be in it)",
    request: () => ({ url: '/api/discovery/feed?min_score=0&limit=50' }),
  },
  'GET /api/discovery/keywords': { reason: "A's keywords (not B's)" },
  'POST /api/ingest': {
    reason: "writes notes into A's manual source (the path of a note of B's lands in A's own)",
    request: () => ({
      url: '/api/ingest',
      body: { inline_nodes: [{ relative_path: 'ideas/launch.md', body_text: 'A idea' }] },
    }),
  },
  'GET /api/sources': { reason: "A's note sources" },
  'POST /api/connectors/cloud-drive/link': {
    reason: "starts a link for A (B's connection must stay linked)",
    request: () => ({ url: '/api/connectors/cloud-drive/link', body: { force: true } }),
  },
  'GET /api/connectors/cloud-drive/status': { reason: "A's drive connections (not B's)" },
  'GET /api/assist/topics': { reason: "topics from A's notes and posts" },
  'GET /api/assist/optimal-times': { reason: "A's posting times" },
  'GET /api/assist/mode': { reason: "A's mode" },
  'GET /api/settings': {
    reason: "the service's config file (every account's table is part of it); A's effective values",
  },
  'PATCH /api/settings': {
    reason: "edits the service's config file: a key of the global sections, which B inherits by design",
    request: () => ({ url: '/api/settings', body: { set: { 'limits.max_replies_per_day': 4 } } }),
  },
  'GET /api/setup/status': { reason: 'first-run state of the service and of A' },
  'POST /api/setup/init': {
    reason: 'first run of the service: refused once a config exists',
    request: () => ({
      url: '/api/setup/init',
      body: {
        'business.product_name': 'Acme',
        'business.product_keywords': 'changelog',
        'llm.provider': 'ollama',
        'social_api.client_id': 'test-client',
      },
    }),
  },
  'POST /api/auth/platform/start': {
    reason: "starts A's platform login",
    request: () => ({ url: '/api/auth/platform/start', body: {} }),
  },
  'GET /api/auth/platform/status': { reason: "A's platform login" },
  'GET /api/account/profile': { reason: "A's signed-in profile (not B's name, handle or picture)" },
  'GET /api/settings/schema': { reason: 'the settings form (no account data)' },
  'GET /api/settings/tools': { reason: 'the tool list and its policy (no account data)' },
  'POST /api/settings/test-llm': {
    reason: 'tries the LLM settings (no account data)',
    request: () => ({ url: '/api/settings/test-llm', body: {} }),
  },
  'GET /api/backups': { reason: "the service's backup files (one database for every account)" },
  'POST /api/backups': {
    reason: 'backs up the one database of the service (answers its file name, never its rows)',
    request: () => ({ url: '/api/backups', body: {} }),
  },
  'GET /api/analytics/stats': { reason: "A's analytics" },
  'GET /api/analytics/followers': { reason: "A's follower trend" },
  'GET /api/activity': { reason: "A's action log", request: () => ({ url: '/api/activity?limit=100' }) },
  'GET /api/activity/counts': { reason: "A's action counts" },
  'GET /api/analytics/replies': { reason: "A's replies" },
  'GET /api/analytics/replies-today': { reason: "A's reply count" },
  'GET /api/analytics/api-usage': { reason: "A's platform usage" },
  'GET /api/activity/mutations': {
    reason: "A's mutation audit (B's tool calls must not be listed)",
    request: () => ({ url: '/api/activity/mutations?limit=100' }),
  },
  'GET /api/limits': { reason: "A's caps and what A used of them" },
  'GET /api/policy': { reason: "A's tool policy and its counters" },
  'POST /api/media/upload': { reason: 'stores a new file for A under a fresh name (no id is taken)' },
  'GET /api/account/profile/picture': { reason: "A's kept picture (never B's bytes)" },
  'GET /api/events': { reason: "A's live events (tested below with a stream of B's open beside it)" },
  'GET /api/accounts': {
    reason:
      "the service's accounts (names, display names, login states): the service's configuration, never a token or a row of B's",
  },
  'POST /api/accounts': {
    reason: "adds a further account to the service (B's table, row and data untouched)",
    request: () => ({ url: '/api/accounts', body: { name: 'isolation-new' } }),
  },
};

/**
 * Routes that manage the service's accounts themselves: they take an account's name, not an id of its
 * data, and every credential of this server is the service's. Each is called acting on A, naming B, with a
 * body it refuses (so nothing of B's changes, which the snapshot at the end checks).
 */
const SERVICE_ADMIN: Record<string, { reason: string; body: unknown }> = {
  'PATCH /api/accounts/:name': { reason: 'renames an account of the service', body: {} },
  'DELETE /api/accounts/:name': {
    reason: 'removes an account of the service, confirmed with its name',
    body: { confirm: 'not-b' },
  },
  // Refused here because the default account is still called `default` (rename it first).
  'POST /api/accounts/:name/default': { reason: 'makes an account of the service the default', body: {} },
};

/** Answers may show these only where a route says why (ALLOWED_WORDS). */
const bWords = (b: BIds) => [
  ...B_PRIVATE,
  B_PUBLIC,
  B_FOUND,
  'Beeline',
  b.username,
  'Bee Account',
  b.media.id,
  b.media.fileName,
  b.correlation,
];

/** A route that may show some of B's words, and why. */
const ALLOWED_WORDS: Record<string, { words: string[]; reason: string }> = {
  'GET /api/settings': {
    words: ['Beeline', B_FOUND],
    reason: "the config file holds [accounts.b]: B's business settings are the service's configuration",
  },
};

const SCOPES: Array<{ name: string; headers: Record<string, string>; query?: string }> = [
  { name: 'no account named', headers: {} },
  { name: 'X-App-Account: default', headers: { 'x-app-account': 'default' } },
  // A read may name its account in the query instead (an <img>, an EventSource cannot send headers).
  { name: 'account=default', headers: {}, query: 'account=default' },
];

/** The scopes a request of this method can name A in (only a read takes `account=`). */
const scopesOf = (method: Method) => SCOPES.filter((scope) => !scope.query || method === 'GET');

/** The request's URL in a scope: a read that names its account in the query carries it. */
const scoped = (url: string, method: Method, scope: (typeof SCOPES)[number]) =>
  scope.query && method === 'GET' ? `${url}${url.includes('?') ? '&' : '?'}${scope.query}` : url;

let w: IsolationWorld;
let before: BSnapshot;
beforeAll(async () => {
  w = await startIsolationWorld();
  before = await w.snapshotB();
}, 30_000);
afterAll(async () => {
  await w?.close();
});

interface Answer {
  status: number;
  text: string;
}

async function send(
  method: Method,
  url: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<Answer> {
  const response = await w.h.server.inject({
    method,
    url,
    headers: { host: '127.0.0.1:3001', authorization: `Bearer ${w.h.token}`, ...headers },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return { status: response.statusCode, text: response.body };
}

const methodOf = (route: string) => route.split(' ')[0] as Method;
const pathOf = (route: string) => route.split(' ')[1] as string;

/** B's words in an answer, less those the route may show. */
function bWordsIn(route: string, text: string): string[] {
  const allowed = ALLOWED_WORDS[route]?.words ?? [];
  const lower = text.toLowerCase();
  return bWords(w.ids)
    .filter((word): word is string => typeof word === 'string' && word.length > 0 && !allowed.includes(word))
    .filter((word) => lower.includes(word.toLowerCase()));
}

/** The ghost's answer with each ghost id written as B's: what B's id must be answered with, byte for byte. */
const ghostAsB = (text: string, pairs: ReadonlyArray<readonly [Id, Id]>) =>
  pairs.reduce(
    (out, [id, ghost]) => out.replace(new RegExp(`(?<![\\w-])${String(ghost)}(?![\\w-])`, 'g'), String(id)),
    text,
  );

/** The answer less what the request itself sent (an error may quote the id it was asked for). */
const lessEcho = (text: string, sent: readonly Id[]) =>
  sent.reduce<string>((out, value) => out.replaceAll(String(value), ''), text);

/** The requests of a route with ids in its path: each of B's ids (and the ghost) in each parameter. */
function pathRequests(route: string): Array<{ url: string; ghostUrl: string; pairs: Array<[Id, Id]> }> {
  const path = pathOf(route);
  const params = [...path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  let combos: Array<{ url: string; ghostUrl: string; pairs: Array<[Id, Id]> }> = [
    { url: path, ghostUrl: path, pairs: [] },
  ];
  for (const param of params) {
    const kind = PATH_IDS.find((k) => k.param === param && k.path.test(path));
    if (!kind) throw new Error(`${route}: no id of B's is known for :${param} (add it to PATH_IDS)`);
    combos = combos.flatMap((combo) =>
      kind.ids(w.ids).map((id) => ({
        url: combo.url.replace(`:${param}`, encodeURIComponent(String(id))),
        ghostUrl: combo.ghostUrl.replace(`:${param}`, encodeURIComponent(String(kind.ghost))),
        pairs: [...combo.pairs, [id, kind.ghost] as [Id, Id]],
      })),
    );
  }
  return combos;
}

describe('the isolation matrix over HTTP (A acting, B’s ids)', () => {
  it('covers every route of the server: the registry’s and the hand-made ones, each in one part of the matrix', () => {
    const served = w.h.server.routeTable
      .filter((r) => !r.public && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`);
    expect([...served].sort()).toEqual([...ROUTES].sort());
    for (const route of ROUTES) {
      const parts = [
        pathOf(route).includes(':') && !(route in SERVICE_ADMIN),
        route in BODY_IDS,
        route in NO_ID,
        route in SERVICE_ADMIN,
      ].filter(Boolean);
      expect(parts.length, `${route} must be in exactly one part of the matrix`).toBe(1);
    }
    for (const key of [
      ...Object.keys(BODY_IDS),
      ...Object.keys(NO_ID),
      ...Object.keys(BODIES),
      ...Object.keys(SERVICE_ADMIN),
    ])
      expect(ROUTES, `${key} is not a route`).toContain(key);
  });

  const noIds = ROUTES.filter((route) => route in NO_ID && route !== 'GET /api/events');
  it.each(noIds)('%s: names no id of B’s, and shows nothing of B’s', async (route) => {
    const method = methodOf(route);
    for (const scope of scopesOf(method)) {
      const request =
        route === 'POST /api/media/upload'
          ? undefined
          : (NO_ID[route]?.request?.(w) ?? { url: pathOf(route), body: method === 'GET' ? undefined : {} });
      const answer = request
        ? await send(method, scoped(request.url, method, scope), request.body, scope.headers)
        : await upload(scope.headers);
      expect(answer.status, `${route} (${scope.name}): ${answer.text}`).toBeLessThan(500);
      expect(bWordsIn(route, answer.text), `${route} (${scope.name})`).toEqual([]);
      if (route === 'GET /api/account/profile/picture') expect(answer.text).not.toContain('Bee picture');
    }
    // B's picture is kept indeed, and B gets it.
    if (route === 'GET /api/account/profile/picture') {
      const theirs = await send('GET', '/api/account/profile/picture?account=b', undefined, {});
      expect([theirs.status, theirs.text.includes('Bee picture')]).toEqual([200, true]);
    }
  });

  const admin = ROUTES.filter((route) => route in SERVICE_ADMIN);
  it.each(admin)(
    '%s: naming B with a body it refuses changes nothing and shows nothing of B’s',
    async (route) => {
      const method = methodOf(route);
      for (const scope of scopesOf(method)) {
        const answer = await send(
          method,
          pathOf(route).replace(':name', 'b'),
          SERVICE_ADMIN[route]?.body,
          scope.headers,
        );
        expect(answer.status, `${route} (${scope.name}): ${answer.text}`).toBe(400);
        expect(bWordsIn(route, answer.text), `${route} (${scope.name})`).toEqual([]);
      }
    },
  );

  const withIds = ROUTES.filter((route) => pathOf(route).includes(':') && !(route in SERVICE_ADMIN));
  it.each(withIds)('%s: each of B’s ids is a 404 or 403, as an id that exists nowhere', async (route) => {
    const method = methodOf(route);
    const body = BODIES[route]?.(w) ?? (method === 'GET' || method === 'DELETE' ? undefined : {});
    for (const { url, ghostUrl, pairs } of pathRequests(route)) {
      for (const scope of scopesOf(method)) {
        const answer = await send(method, scoped(url, method, scope), body, scope.headers);
        const ghost = await send(method, scoped(ghostUrl, method, scope), body, scope.headers);
        const label = `${method} ${url} (${scope.name})`;
        expect([403, 404], `${label}: ${answer.text}`).toContain(answer.status);
        expect(answer.text, `${label} answers as an id that exists nowhere`).toBe(
          ghostAsB(ghost.text, pairs),
        );
        expect(
          bWordsIn(
            route,
            lessEcho(
              answer.text,
              pairs.map(([id]) => id),
            ),
          ),
          label,
        ).toEqual([]);
      }
      // The ids are B's indeed: B reads them.
      if (method === 'GET')
        expect((await send(method, url, undefined, AS_B.headers)).status, `${url} as B`).toBe(200);
    }
  });

  const inBodies = ROUTES.filter((route) => route in BODY_IDS);
  it.each(inBodies)(
    '%s: B’s ids in the body or query are answered as ids that exist nowhere',
    async (route) => {
      const method = methodOf(route);
      for (const probe of BODY_IDS[route] ?? []) {
        const ids = probe.ids(w);
        const pairs = ids.map((id, i) => [id, probe.ghosts(w)[i] ?? id] as const);
        const request = probe.request(ids);
        const ghostRequest = probe.request(pairs.map(([, ghost]) => ghost));
        for (const scope of scopesOf(method)) {
          const answer = await send(method, scoped(request.url, method, scope), request.body, scope.headers);
          const ghost = await send(
            method,
            scoped(ghostRequest.url, method, scope),
            ghostRequest.body,
            scope.headers,
          );
          const label = `${method} ${request.url} ${JSON.stringify(request.body ?? '')} (${scope.name})`;
          expect(answer.status, `${label}: ${answer.text}`).toBe(ghost.status);
          if (!probe.success) expect(answer.status, `${label}: ${answer.text}`).toBeGreaterThanOrEqual(400);
          // An error names what was sent, as for the ghost; a success may echo it (a draft keeps its paths).
          if (answer.status >= 400) expect(answer.text, label).toBe(ghostAsB(ghost.text, pairs));
          expect(bWordsIn(route, lessEcho(answer.text, ids)), label).toEqual([]);
        }
        // The ids are B's indeed: B reads them.
        if (method === 'GET')
          expect(
            (await send(method, request.url, undefined, AS_B.headers)).status,
            `${request.url} as B`,
          ).toBe(200);
      }
    },
  );

  it('a draft of A’s that names B’s file cannot post it, as a file that does not exist', async () => {
    const attempt = async (path: string) => {
      const draft = await w.h.api('POST', '/api/content/drafts', {
        content: 'A with a picture',
        media_paths: [path],
      });
      expect(draft.status).toBe(201);
      const published = await w.h.api('POST', `/api/content/drafts/${draft.json.id}/publish`);
      const jobs = published.status < 300 ? await runPostingQueue(w.a.deps.publisher) : [];
      return { published, jobs };
    };
    const mine = await attempt(w.ids.media.path);
    const ghost = await attempt(join(w.a.deps.media.mediaDir, `${randomUUID()}.png`));
    expect(mine.published.status).toBe(ghost.published.status);
    expect(mine.published.json?.error?.code).toBe(ghost.published.json?.error?.code);
    expect(mine.jobs.map((job) => [job.status, job.last_error_code])).toEqual(
      ghost.jobs.map((job) => [job.status, job.last_error_code]),
    );
    // Nothing reached the platform under A with B's bytes.
    const bBytes = w.h.fake.state.media;
    expect([...bBytes.values()].filter((m) => m.ownerId === w.aUser)).toEqual([]);
  });

  it('left B as it was: every row of B’s, and B’s user at the fake platform', async () => {
    const after = await w.snapshotB();
    for (const table of Object.keys(before.rows))
      expect(after.rows[table], table).toEqual(before.rows[table]);
    expect(after.platform).toEqual(before.platform);
    expect(w.aPostsWithBWords()).toEqual([]);
    const prompts = JSON.stringify(w.llm.calls.map((call) => [call.system, call.messages]));
    expect(bWords(w.ids).filter((word) => word && prompts.includes(String(word)))).toEqual([]);
  });

  it('GET /api/events: A’s stream hears nothing of B’s queue while B’s own stream does', async () => {
    const base = await w.h.server.listen({ host: '127.0.0.1', port: 0 });
    const auth = { authorization: `Bearer ${w.h.token}` };
    const streams = await Promise.all([
      openEventStream(`${base}/api/events`, auth),
      openEventStream(`${base}/api/events`, { ...auth, 'x-app-account': 'default' }),
      openEventStream(`${base}/api/events?account=b`, auth),
    ]);
    try {
      const [mine, named, theirs] = streams as [
        (typeof streams)[0],
        (typeof streams)[0],
        (typeof streams)[0],
      ];
      const pending = (id: string) =>
        (
          sqliteOf(w.a.deps.database)
            .sqlite.prepare(
              "select count(*) as n from approval_queue where account_id = ? and status = 'pending'",
            )
            .get(id) as { n: number }
        ).n;
      expect(pending(w.b.id)).not.toBe(pending(w.a.id));
      for (const stream of [mine, named]) {
        expect(await stream.next((e) => e.type === 'ready', 'ready')).toEqual({
          type: 'ready',
          pending: pending(w.a.id),
        });
      }
      expect(await theirs.next((e) => e.type === 'ready', 'ready')).toEqual({
        type: 'ready',
        pending: pending(w.b.id),
      });
      // B queues an item: the one change of B's in this file, made after B was compared with its snapshot.
      const queued = await w.h.api(
        'POST',
        '/api/content/compose',
        { content_type: 'tweet', content: `${B_PRIVATE[4]} live` },
        AS_B,
      );
      expect(queued.status, JSON.stringify(queued.json)).toBe(202);
      const heard = await theirs.next((e) => e.type === 'approval_queued', 'B hears its item');
      expect(heard).toMatchObject({ id: queued.json.approval_id });
      // A's watchers poll as often: one more round and nothing came.
      await new Promise((resolve) => setTimeout(resolve, 700));
      for (const stream of [mine, named]) expect(stream.events.filter((e) => e.type !== 'ready')).toEqual([]);
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});

async function upload(headers: Record<string, string>): Promise<Answer> {
  const form = new FormData();
  form.set('file', new Blob([HEADERS.png]), 'a.png');
  const response = await w.h.server.inject({
    method: 'POST',
    url: '/api/media/upload',
    headers: { host: '127.0.0.1:3001', authorization: `Bearer ${w.h.token}`, ...headers },
    payload: form,
  });
  return { status: response.statusCode, text: response.body };
}
