// Property-based fuzz of every tool of the admin profile (fast-check, seeded, bounded): valid-looking
// arguments from each tool's JSON input schema, wrong types, huge strings, deep nesting, odd unicode and
// prototype-pollution keys, sent as the wire delivers them. Every answer must be a well-formed envelope over
// the 28 codes (never a JSON-RPC −32603, never "internal error"); afterwards Object.prototype is clean, the
// server still lists its tools and answers health_check, and SQLite passes integrity_check.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EnvelopeErrorSchema,
  EnvelopeMetaSchema,
  EnvelopeSchema,
} from '../../src/contracts/tools/envelope.js';
import { ERROR_CODES } from '../../src/core/errors.js';
import { profileTools } from '../../src/surfaces/mcp/profile-tools.js';
import { inputJsonSchema } from '../../src/surfaces/mcp/tool-listings.js';
import { type FakeLlm, startFakeLlm } from '../fakes/llm/index.js';
import { type McpHarness, startMcpHarness } from '../support/mcp-harness.js';
import { writeMedia } from '../support/media-files.js';
import { sqliteOf } from '../support/sqlite-of.js';
import {
  hostileValue,
  type JsonSchema,
  type KnownIds,
  nastyString,
  objectFor,
  pollutingObject,
  wrongTypeFor,
} from './tool-fuzz-values.js';

// Fixed by default; FUZZ_SEED and FUZZ_RUNS widen a bug hunt (300 runs a tool take about a minute).
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS_PER_TOOL = Number(process.env.FUZZ_RUNS ?? 14);
const TOOLS = profileTools('admin');

/** The envelope as the spec defines it, checked strictly (no stray keys at the top or in the error). */
const EnvelopeCheck = EnvelopeSchema.extend({
  error: EnvelopeErrorSchema.strict().optional(),
  meta: EnvelopeMetaSchema,
})
  .strict()
  .refine((e) => 'data' in e, 'data is missing')
  .refine((e) => (e.success ? e.error === undefined : e.error !== undefined && e.data === null), {
    message: 'success and error disagree',
  });

let h: McpHarness;
let llm: FakeLlm;
let known: KnownIds;
const codes = new Map<string, number>();
const PROTOTYPES = [Object.prototype, Array.prototype, Function.prototype, String.prototype];
const cleanKeys = PROTOTYPES.map((p) => Reflect.ownKeys(p).map(String).sort().join(','));

function expectPrototypesClean(label: string): void {
  PROTOTYPES.forEach((proto, i) => {
    expect(Reflect.ownKeys(proto).map(String).sort().join(','), label).toBe(cleanKeys[i]);
  });
  const probe = {} as Record<string, unknown>;
  expect([probe.polluted, probe.isAdmin], label).toEqual([undefined, undefined]);
}

/** Arguments exactly as a JSON transport would hand them over (own `__proto__` keys kept, -0 lost...). */
const wire = (args: unknown) => JSON.parse(JSON.stringify(args)) as Record<string, unknown>;

/** What must hold for every answer to an object-argument call. */
async function callAndCheck(tool: string, args: unknown): Promise<void> {
  const label = `${tool} ${JSON.stringify(args)?.slice(0, 300)}`;
  let result: Awaited<ReturnType<McpHarness['client']['callTool']>>;
  try {
    result = await h.client.callTool({ name: tool, arguments: wire(args) });
  } catch (error) {
    const code = error instanceof McpError ? error.code : 'thrown';
    throw new Error(`${label}: JSON-RPC error ${code}: ${(error as Error).message.slice(0, 300)}`);
  }
  const text = (result.content as Array<{ type: string; text: string }>)[0]?.text ?? '';
  const checked = EnvelopeCheck.safeParse(JSON.parse(text));
  if (!checked.success)
    throw new Error(`${label}: malformed envelope ${checked.error.message} ${text.slice(0, 300)}`);
  const envelope = checked.data;
  expect(result.isError === true, label).toBe(!envelope.success);
  const code = envelope.error?.code ?? 'success';
  codes.set(code, (codes.get(code) ?? 0) + 1);
  if (envelope.error && /internal error/i.test(envelope.error.message)) {
    throw new Error(`${label}: our own bug surfaced: ${envelope.error.message.slice(0, 500)}`);
  }
  // SQLite is healthy all along: a db_error means input reached it in a form it refuses.
  if (envelope.error?.code === 'db_error')
    throw new Error(`${label}: ${envelope.error.message.slice(0, 500)}`);
  expectPrototypesClean(label);
}

const schemaOf = (name: string) =>
  inputJsonSchema(TOOLS.find((op) => op.tool.name === name) as (typeof TOOLS)[number]) as JsonSchema;

/** The arguments the fuzz tries for one tool: clean, hostile within types, anything, polluted, one wrong. */
function argsFor(tool: string, schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const params = Object.keys(schema.properties ?? {});
  const clean = objectFor(schema, known, 'clean', tool);
  const valid = objectFor(schema, known, 'hostile', tool);
  const flavours: fc.Arbitrary<Record<string, unknown>>[] = [
    clean,
    valid,
    fc.dictionary(fc.constantFrom(...params, 'extra'), hostileValue, { maxKeys: 3 }),
    fc
      .tuple(valid, fc.dictionary(nastyString, hostileValue, { maxKeys: 2 }))
      .map(([base, extra]) => pollutingObject({ ...extra, ...base })),
  ];
  if (params.length > 0) {
    flavours.push(
      fc
        .tuple(valid, fc.constantFrom(...params))
        .chain(([base, key]) =>
          wrongTypeFor(schema.properties?.[key] ?? {}).map((bad) => ({ ...base, [key]: bad })),
        ),
    );
  }
  return fc.oneof(...flavours);
}

beforeAll(async () => {
  llm = await startFakeLlm();
  llm.script.reply('Nice work on this.\n---\nHere is why it matters.', { times: Number.POSITIVE_INFINITY });
  h = await startMcpHarness({
    profile: 'admin',
    config: {
      business: { product_name: 'Composer', product_keywords: ['composer', 'rust'] },
      llm: { provider: 'openai', api_key: 'test-key', base_url: llm.openaiBaseUrl },
      limits: {
        max_tweets_per_day: 10_000,
        max_replies_per_day: 10_000,
        max_threads_per_week: 10_000,
        max_replies_per_author_per_day: 10_000,
      },
      mcp_policy: { require_approval_for: [], max_mutations_per_hour: 1_000_000 },
      // The fake's refusals (forbidden, rate limits) must not close the platform to the rest of the fuzz.
      circuit_breaker: { error_threshold: 1_000_000 },
    },
  });
  h.fake.state.enableAds('1000');
  mkdirSync(h.app.deps.paths.mediaDir, { recursive: true });
  const png = writeMedia(join(h.app.deps.paths.mediaDir, 'fuzz.png'), 'png');
  const state = h.fake.state;
  const own = [...state.tweets.values()].filter((t) => t.authorId === '1000').map((t) => t.id);
  const replies = [...state.tweets.values()].filter((t) => t.inReplyToUserId === '1000').map((t) => t.id);
  const ads = state.ads as unknown as Record<string, Map<string, unknown>>;
  known = [
    { match: /user_?name/, ids: [...state.users.values()].map((u) => u.username).slice(0, 6) },
    { match: /file_path/, ids: [png, 'fuzz.png'] },
    { match: /funding/, ids: [...(ads.fundingInstruments?.keys() ?? [])] },
    { match: /campaign/, ids: [...state.ads.campaigns.keys()] },
    { match: /line_item/, ids: [...state.ads.lineItems.keys()] },
    { match: /account_id/, ids: ['18ce54d4x5t'] },
    { match: /lists?_.*\.(id|list_id)$/, ids: [...state.lists.keys()] },
    { match: /spaces/, ids: [...state.spaces.keys()] },
    { match: /dm_.*\.id$|conversation/, ids: [...state.dmConversations.keys()] },
    { match: /(hide|unhide)_reply\.id$/, ids: replies },
    { match: /pin_tweet\.tweet_id|delete_tweet|mutation_detail/, ids: own },
    {
      match: /user_id$|user_ids|participant|author|\.ids?$.*users/,
      ids: [...state.users.keys()].slice(0, 6),
    },
    { match: /tweet|\.ids?$|_id$/, ids: [...state.tweets.keys()].slice(0, 12) },
  ];
}, 30_000);

afterAll(async () => {
  await h?.close();
  await llm?.close();
});

describe('tool fuzz over the admin profile', () => {
  it('lists all 139 tools', async () => {
    expect((await h.client.listTools()).tools).toHaveLength(139);
    expect(TOOLS).toHaveLength(139);
  });

  it('every declared parameter given each wrong JSON kind answers an envelope', async () => {
    const kinds: Record<string, unknown[]> = {
      string: [42, ['x'], { a: 1 }, true, null],
      integer: ['12', 1.5, 1e308, -1e308, [1], null],
      number: ['1.5', [1], { a: 1 }, null],
      boolean: ['true', 1, null],
      array: ['a,b', { 0: 'a' }, 7, null],
      object: ['{}', [1, 2], 3, null],
    };
    for (const op of TOOLS) {
      const schema = schemaOf(op.tool.name);
      for (const [param, sub] of Object.entries(schema.properties ?? {})) {
        const type = String(sub.type ?? (sub.anyOf ? 'array' : 'string'));
        for (const bad of kinds[type] ?? [42, null]) await callAndCheck(op.tool.name, { [param]: bad });
      }
    }
  });

  it('prototype-pollution keys at the top and inside object parameters never pollute', async () => {
    for (const op of TOOLS) {
      await callAndCheck(op.tool.name, pollutingObject());
      const schema = schemaOf(op.tool.name);
      for (const [param, sub] of Object.entries(schema.properties ?? {})) {
        if (sub.type === 'object' || sub.type === undefined) {
          await callAndCheck(op.tool.name, { [param]: pollutingObject({ text: 'x', value: 'y' }) });
        }
      }
    }
  });

  it('non-object arguments answer −32602 for every tool, never an envelope or −32603', async () => {
    for (const op of TOOLS) {
      for (const args of [null, 'text', 7, [1, 2]]) {
        await expect(
          h.client.callTool({ name: op.tool.name, arguments: args as unknown as Record<string, unknown> }),
          `${op.tool.name} ${JSON.stringify(args)}`,
        ).rejects.toMatchObject({ code: -32602 });
      }
    }
  });

  it("regression: a universal request body nested past SQLite's JSON depth is refused, not a db_error", async () => {
    // Found by this fuzz: the audit row of social_put could not be written (json_valid fails past 1000
    // levels), so the call answered a retryable db_error. Now the body's depth is part of its schema.
    let body: unknown = 'bottom';
    for (let i = 0; i < 3_000; i++) body = [body];
    for (const tool of ['social_post', 'social_put']) {
      const answer = await h.call(tool, { endpoint: '/2/lists', body });
      expect(answer.error?.code, tool).toBe('invalid_input');
      expect(answer.error?.message, tool).toContain('body: nested deeper than 64 levels');
      const text = await h.call(tool, { endpoint: '/2/lists', body: JSON.stringify(body) });
      expect(text.error, tool).toMatchObject({
        code: 'validation_error',
        message: expect.stringMatching(/^body guard/),
      });
    }
  });

  it('a parameter nested past 64 levels answers invalid_input for every tool, before anything walks it', async () => {
    const nested = (levels: number, objects: boolean) => {
      let value: unknown = 1;
      for (let i = 0; i < levels; i++) value = objects ? { a: value } : [value];
      return value;
    };
    const wrong: string[] = [];
    for (const op of TOOLS) {
      for (const param of [...Object.keys(schemaOf(op.tool.name).properties ?? {}), 'extra']) {
        for (const value of [nested(65, false), nested(20_000, true)]) {
          // Straight to the client, not through `wire`: JSON.stringify would itself overflow at this depth.
          const result = await h.client.callTool({ name: op.tool.name, arguments: { [param]: value } });
          const text = (result.content as Array<{ type: string; text: string }>)[0]?.text ?? '';
          const error = EnvelopeCheck.parse(JSON.parse(text)).error;
          if (
            error?.code !== 'invalid_input' ||
            !error.message.includes(`${param}: nested deeper than 64 levels`)
          )
            wrong.push(`${op.tool.name} ${param}: ${text.slice(0, 200)}`);
        }
      }
      // At the limit, the tool's own schema judges the value.
      const [first = 'extra'] = Object.keys(schemaOf(op.tool.name).properties ?? {});
      const within = await h.client.callTool({
        name: op.tool.name,
        arguments: { [first]: nested(64, false) },
      });
      expect(JSON.stringify(within.content), op.tool.name).not.toMatch(/nested deeper than 64 levels/);
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it(`fast-check: ${RUNS_PER_TOOL} generated calls per tool answer well-formed envelopes`, async () => {
    for (const [index, op] of TOOLS.entries()) {
      const schema = schemaOf(op.tool.name);
      await fc.assert(
        fc.asyncProperty(argsFor(op.tool.name, schema), (args) => callAndCheck(op.tool.name, args)),
        { seed: SEED + index, numRuns: RUNS_PER_TOOL, endOnFailure: true },
      );
    }
    // Over a thousand calls in about 5 s. (It once took three minutes: one of them, a post of 60,000 emoji,
    // spent a minute measuring its length; see src/core/domain/graphemes.ts.)
  }, 60_000);

  it('afterwards: prototypes clean, the server answers, the database is intact', async () => {
    expectPrototypesClean('after the fuzz');
    expect((await h.client.listTools()).tools).toHaveLength(139);
    expect((await h.call('health_check', {})).success).toBe(true);
    const sqlite = sqliteOf(h.app.deps.database).sqlite;
    expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(sqlite.pragma('foreign_key_check')).toEqual([]);
    // Every outcome is one of the 28 codes (or success); the spread shows the fuzz reached past the schema.
    expect(codes.get('success') ?? 0).toBeGreaterThan(100);
    expect([...codes.keys()].filter((c) => c !== 'success' && !ERROR_CODES.includes(c as never))).toEqual([]);
  });
});
