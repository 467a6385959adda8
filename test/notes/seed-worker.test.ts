// The seed worker against the fake LLM and real SQLite: 5 notes a pass, the first 2000 characters of each,
// 1-3 hooks with a format stored as seeds; a note that fails is retried on a later pass without holding up
// the others; a note edited while it was being seeded keeps no stale seeds.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createNoteSink } from '../../src/core/services/sources/note-sink.js';
import { seedPendingNotes } from '../../src/core/services/sources/seed-notes.js';
import { type FakeLlm, startFakeLlm } from '../fakes/llm/index.js';
import { type AppHarness, startAppHarness } from '../support/app-harness.js';
import { sqliteOf } from '../support/sqlite-of.js';

let llm: FakeLlm;
let h: AppHarness | undefined;
beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(() => llm.close());
afterEach(async () => {
  llm.reset();
  await h?.close();
  h = undefined;
});

const ANSWER =
  'HOOK: Ship the changelog first.\nFORMAT: tip\n---\nHOOK: Most teams write docs last. Do it first.\nFORMAT: contrarian take\n---\nHOOK:   \n';

async function setup(count: number, body = (i: number) => `# Note ${i}\nbody ${i}`) {
  h = await startAppHarness({
    config: { llm: { provider: 'openai', api_key: 'sk-test', base_url: llm.openaiBaseUrl } },
  });
  const deps = h.app.deps;
  const sink = createNoteSink({ notes: deps.notes, clock: deps.clock }, await deps.sources.manualSourceId());
  for (let i = 0; i < count; i++) await sink.upsert({ relativePath: `n${i}.md`, text: body(i) });
  const seedDeps = { notes: deps.notes, llm: deps.assist.llm, clock: deps.clock, logger: { warn() {} } };
  return { deps, sink, seed: () => seedPendingNotes(seedDeps) };
}

const seeds = (harness: AppHarness) =>
  sqliteOf(harness.app.deps.database)
    .sqlite.prepare(
      'select n.relative_path as path, s.seed_text, s.format_suggestion from draft_seeds s join content_nodes n on n.id = s.node_id order by s.id',
    )
    .all() as Array<{ path: string; seed_text: string; format_suggestion: string | null }>;

describe('seed worker', () => {
  it('takes 5 notes a pass and stores their hooks with a format', async () => {
    const { seed } = await setup(7, (i) => `# Note ${i}\n${'x'.repeat(3000)}`);
    llm.script.reply(ANSWER, { times: Number.POSITIVE_INFINITY });
    expect(await seed()).toEqual({ seeded: 5, failed: 0 });
    expect(llm.calls).toHaveLength(5);
    // Only the first 2000 characters of a note are sent.
    const sent = llm.calls[0]?.messages.at(-1)?.content as string;
    expect(sent.length).toBeLessThanOrEqual(2000 + 'Title: n0\n\n'.length);
    expect(seeds(h as AppHarness).slice(0, 2)).toEqual([
      { path: 'n0.md', seed_text: 'Ship the changelog first.', format_suggestion: 'tip' },
      {
        path: 'n0.md',
        seed_text: 'Most teams write docs last. Do it first.',
        format_suggestion: 'contrarian_take',
      },
    ]);
    expect(await seed()).toEqual({ seeded: 2, failed: 0 });
    expect(await seed()).toEqual({ seeded: 0, failed: 0 });
  });

  it('a failing note is retried next pass and does not hold up the others', async () => {
    const { seed } = await setup(3);
    llm.script.fail({ status: 400, times: 1 });
    llm.script.reply(ANSWER, { times: Number.POSITIVE_INFINITY });
    expect(await seed()).toEqual({ seeded: 2, failed: 1 });
    const failedPath = ['n0.md', 'n1.md', 'n2.md'].find(
      (p) => !seeds(h as AppHarness).some((s) => s.path === p),
    );
    expect(failedPath).toBeDefined();
    expect(await seed()).toEqual({ seeded: 1, failed: 0 });
    expect(new Set(seeds(h as AppHarness).map((s) => s.path))).toEqual(new Set(['n0.md', 'n1.md', 'n2.md']));
  });

  it('an answer without a usable hook is a failure, retried later', async () => {
    const { seed } = await setup(1);
    llm.script.reply('I cannot help with that.');
    expect(await seed()).toEqual({ seeded: 0, failed: 1 });
    llm.script.reply(ANSWER);
    expect(await seed()).toEqual({ seeded: 1, failed: 0 });
  });

  it('a note edited while it was being seeded keeps no stale seeds and is seeded again', async () => {
    const { seed, sink, deps } = await setup(1);
    llm.script.reply(() => {
      // The sink's write is synchronous: the note changes before the model's answer arrives.
      void sink.upsert({ relativePath: 'n0.md', text: '# Note 0\nrewritten meanwhile' });
      return ANSWER;
    });
    // The fake answers after the edit: the claim fails, nothing is saved.
    h?.clock.advance(1000);
    expect(await seed()).toEqual({ seeded: 0, failed: 0 });
    expect(seeds(h as AppHarness)).toEqual([]);
    expect((await deps.notes.pendingNotes(5)).map((n) => n.relativePath)).toEqual(['n0.md']);
  });
});
