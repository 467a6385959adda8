// Parity across faces: every action reachable from HTTP and from the tool server is one operation, so the
// same input through either face must leave the same stored effect (drafts, approval items, posting jobs,
// the audit log) and answer the same, apart from who did it. Each case runs on two fresh apps (real SQLite,
// the fake platform, the fake LLM) set up alike: one called over HTTP, one by an agent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTweet } from '../../src/infra/sandbox/social/factory.js';
import { type AnyOperation, faceOutput } from '../../src/operations/define-operation.js';
import { OPERATIONS } from '../../src/operations/registry.js';
import { type FakeLlm, startFakeLlm } from '../fakes/llm/index.js';
import { connectTools } from '../support/app-harness.js';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';
import { sqliteOf } from '../support/sqlite-of.js';

interface ParityCase {
  /** Prepares the app (both apps alike) and gives what the input needs. */
  setup?(h: HttpHarness): Promise<Record<string, unknown>>;
  input(ready: Record<string, unknown>): Record<string, unknown>;
  /** The setup answers differ between the two apps (random ids): each face gets its own app's input. */
  perApp?: boolean;
  /** The tool's own parameters, where its binding maps them into the shared input (the spec fixes them). */
  toolInput?(ready: Record<string, unknown>): Record<string, unknown>;
  /**
   * The face whose answer is the other face's through its binding's answer mapping (both answer from the
   * one result), and stored fields the faces' own defaults set differently.
   */
  mapped?: { face: 'http' | 'tool'; stored?: readonly string[] };
}

const PENDING = async (h: HttpHarness) => {
  for (const content of ['first for review', 'second for review']) {
    const queued = await h.api('POST', '/api/content/compose', { content_type: 'tweet', content });
    expect(queued.status).toBe(202);
  }
  return { id: 1 };
};

/** Two posts in the Discovery Feed, alike on both apps. */
const FEED = async (h: HttpHarness) => {
  const post = (id: string, score: number, text: string) => ({
    tweet_id: id,
    author_id: `20${id}`,
    author_username: `author_${id}`,
    author_followers: 1200,
    text,
    tweet_created_at: '2026-11-18T14:00:00.000Z',
    like_count: 3,
    retweet_count: 1,
    reply_count: 0,
    quote_count: 0,
    impression_count: 90,
    has_media: false,
    is_quote: false,
    score,
    score_breakdown: { signals: {} },
    matched_keyword: 'changelog',
    source: 'search' as const,
  });
  await h.app.deps.discovery.discovered.save(
    [
      post('7001', 82, 'How do you write a changelog people read?'),
      post('7002', 64, 'Changelogs: worth it?'),
    ],
    new Date('2026-11-18T14:30:00.000Z'),
  );
  return { tweet_id: '7001' };
};

/** Every operation with both bindings, and how to call it. A new shared action must be added here. */
const TABLE: Record<string, ParityCase> = {
  'approvals.approve': { setup: PENDING, input: ({ id }) => ({ id, notes: 'looks right' }) },
  'approvals.reject': { setup: PENDING, input: ({ id }) => ({ id, notes: 'off-voice' }) },
  'approvals.approve_all': { setup: PENDING, input: () => ({ max: 5 }) },
  'approvals.list': { setup: PENDING, input: () => ({ limit: 10 }) },
  'content.compose': { input: () => ({ content_type: 'tweet', content: 'one voice, two faces' }) },
  'assist.tweet': { input: () => ({ topic: 'release notes', style: 'dry' }) },
  'assist.thread': { input: () => ({ topic: 'release notes', num_tweets: 2 }) },
  'assist.reply': {
    setup: async (h) => ({
      tweet_id: addTweet(h.fake.state, { id: '900001', authorId: '1001', text: 'How do you ship?' }).id,
    }),
    input: ({ tweet_id }) => ({ tweet_id, context: 'curious' }),
  },
  'assist.topics': { input: () => ({ count: 3 }) },
  'assist.mode': { input: () => ({}) },
  // The dashboard's read models: the analytics, activity, audit, cap and policy tools over HTTP.
  get_stats: { setup: PENDING, input: () => ({ days: 7 }) },
  get_follower_trend: { input: () => ({ days: 30 }) },
  get_action_log: { input: () => ({ limit: 10 }) },
  get_action_counts: { setup: PENDING, input: () => ({}) },
  get_recent_replies: { input: () => ({ limit: 5 }) },
  get_reply_count_today: { input: () => ({}) },
  get_social_usage: { input: () => ({}) },
  get_recent_mutations: { setup: PENDING, input: () => ({ limit: 10 }) },
  get_mutation_detail: {
    // Correlation ids are drawn at random: each app looks up its own first mutation.
    setup: async (h) => {
      await PENDING(h);
      const row = sqliteOf(h.app.deps.database)
        .sqlite.prepare('select correlation_id from mutation_audit order by id limit 1')
        .get() as { correlation_id: string };
      return { correlation_id: row.correlation_id };
    },
    input: ({ correlation_id }) => ({ correlation_id }),
    perApp: true,
  },
  get_rate_limits: { setup: PENDING, input: () => ({}) },
  // The dashboard's feed, stats and reply workflow share their operations with the agent's tools, whose
  // parameters and answers the spec fixes.
  'discovery.feed': {
    setup: FEED,
    input: () => ({ limit: 10, min_score: 50 }),
    toolInput: () => ({ limit: 10, min_score: 50 }),
    mapped: { face: 'tool' },
  },
  'approvals.stats': { setup: PENDING, input: () => ({}), mapped: { face: 'tool' } },
  'discovery.draft_replies': {
    setup: FEED,
    input: ({ tweet_id }) => ({ tweet_id, mention_product: false }),
    toolInput: ({ tweet_id }) => ({ tweet_ids: [tweet_id], mention_product: false }),
    mapped: { face: 'http' },
  },
  'discovery.queue_replies': {
    setup: FEED,
    input: ({ tweet_id }) => ({ tweet_id, text: 'We keep ours to what changed and why.' }),
    toolInput: ({ tweet_id }) => ({ drafts: [{ tweet_id, text: 'We keep ours to what changed and why.' }] }),
    // The item says where the reply came from; the audit holds each face's own call.
    mapped: { face: 'http', stored: ['reason', 'params', 'params_hash', 'tool_name'] },
  },
  get_policy_status: { input: () => ({}) },
};

const shared = OPERATIONS.filter((op) => op.http && op.tool);
const CONFIG = {
  approval_mode: true,
  business: { product_name: 'Acme', product_keywords: ['changelog'], content_pillars: ['shipping'] },
};

let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm();
  llm.script.reply('Ship small.\n---\nWrite down why.', { times: Number.POSITIVE_INFINITY });
});
afterAll(() => llm.close());

const start = () =>
  startHttpHarness({
    ...CONFIG,
    llm: { provider: 'openai', api_key: 'sk-test', base_url: llm.openaiBaseUrl },
  });

function httpRequest(op: AnyOperation, input: Record<string, unknown>) {
  const http = op.http as NonNullable<AnyOperation['http']>;
  const rest = { ...input };
  const path = http.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  if (http.method !== 'GET') return { method: http.method, url: path, body: rest };
  const query = new URLSearchParams(
    Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, String(v)])),
  ).toString();
  return { method: http.method, url: query ? `${path}?${query}` : path, body: undefined };
}

/** Who did it, when, and identifiers of the moment: the only things two faces may differ in. */
const VARYING = new Set([
  'actor',
  'face',
  'origin',
  'reviewed_by',
  'editor',
  'source',
  'correlation_id',
  'created_at',
  'updated_at',
  'completed_at',
  'reviewed_at',
  'elapsed_ms',
  'elapsed',
  'last_seen_at',
]);

function normalize(value: unknown): unknown {
  // JSON columns (payloads, audited params and results) are compared as what they hold.
  if (typeof value === 'string' && /^[[{]/.test(value)) {
    try {
      return normalize(JSON.parse(value));
    } catch {
      return value;
    }
  }
  if (Array.isArray(value)) return value.map(normalize);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !VARYING.has(key))
        .map(([key, v]) => [key, normalize(v)]),
    );
  }
  return value;
}

const TABLES = ['drafts', 'draft_revisions', 'approval_queue', 'posting_jobs', 'mutation_audit'];

function stored(h: HttpHarness, own: readonly string[] = []) {
  const sqlite = sqliteOf(h.app.deps.database).sqlite;
  const rows = (table: string) =>
    (sqlite.prepare(`select * from ${table} order by id`).all() as Record<string, unknown>[]).map((row) =>
      Object.fromEntries(Object.entries(row).filter(([key]) => !own.includes(key))),
    );
  return Object.fromEntries(TABLES.map((table) => [table, normalize(rows(table))]));
}

/** One face's answer as the other face gives it, through that face's answer mapping. */
function through(op: AnyOperation, face: 'http' | 'tool', answer: unknown): unknown {
  return faceOutput(op, face, answer);
}

function auditActors(h: HttpHarness): string[] {
  return (
    sqliteOf(h.app.deps.database).sqlite.prepare('select actor from mutation_audit').all() as {
      actor: string;
    }[]
  ).map((r) => r.actor);
}

describe('one operation per action, the same on both faces', () => {
  it('the table lists exactly the operations bound to both faces', () => {
    expect(shared.map((op) => op.name).sort()).toEqual(Object.keys(TABLE).sort());
  });

  for (const [name, parity] of Object.entries(TABLE)) {
    it(`${name}: same stored effect and equivalent answers over HTTP and as a tool`, async () => {
      const op = OPERATIONS.find((o) => o.name === name) as AnyOperation;
      const viaHttp = await start();
      const viaTool = await start();
      const tools = await connectTools(viaTool.app, 'write');
      try {
        const readyHttp = (await parity.setup?.(viaHttp)) ?? {};
        const readyTool = (await parity.setup?.(viaTool)) ?? {};
        if (!parity.perApp) expect(readyTool).toEqual(readyHttp);
        const input = parity.input(readyHttp);
        const request = httpRequest(op, input);
        const http = await viaHttp.api(request.method, request.url, request.body);
        expect(http.status, JSON.stringify(http.json)).toBeLessThan(300);
        const toolInput = parity.toolInput ?? parity.input;
        const tool = await tools.call(
          op.tool?.name as string,
          parity.perApp ? toolInput(readyTool) : toolInput(readyHttp),
        );
        expect(tool.success, JSON.stringify(tool.error)).toBe(true);

        const mapped = parity.mapped?.face;
        if (mapped === 'tool') {
          expect(tool.data).not.toEqual(http.json);
          expect(normalize(tool.data)).toEqual(normalize(through(op, 'tool', http.json)));
        } else if (mapped === 'http') {
          expect(normalize(http.json)).toEqual(normalize(through(op, 'http', tool.data)));
        } else {
          expect(normalize(tool.data)).toEqual(normalize(http.json));
        }
        const own = parity.mapped?.stored ?? [];
        expect(stored(viaTool, own)).toEqual(stored(viaHttp, own));
        if (op.mutation) {
          // The same entry, each with its own actor: never audited as the tool server by default.
          expect(auditActors(viaHttp).slice(-1)).toEqual(['api']);
          expect(auditActors(viaTool).slice(-1)).toEqual(['agent']);
        }
      } finally {
        await tools.close();
        await viaHttp.close();
        await viaTool.close();
      }
    });
  }
});
