// The content loop against the fake platform, the fake LLM and real SQLite: a due scheduled post goes out
// first (no original that turn); otherwise one original post per content window (kept across a restart)
// or per preferred slot, within the daily post cap, queued as loop:content with its topic and format
// recorded; the topic by epsilon-greedy over the content scores; vault context in the prompt and the note
// linked as provenance; an answer too long or with a banned phrase retried once, then not posted; approval
// mode queues for review; composer mode never runs it.
import { describe, expect, it } from 'vitest';
import { contentLoop } from '../../src/automation/loops/content.js';
import { SERVICE_LOOPS } from '../../src/automation/loops/index.js';
import type { ConfigInput } from '../../src/contracts/config/config.js';
import { LENGTH_REMINDER } from '../../src/core/domain/prompts.js';
import { parseNote } from '../../src/core/services/sources/parse-note.js';
import { ComposeOperationInput, composeOperation } from '../../src/operations/compose/compose-operation.js';
import { invokeOperation } from '../../src/operations/invoke-operation.js';
import { type AppHarness, type AppHarnessOptions, startAppHarness } from '../support/app-harness.js';
import { sqliteOf } from '../support/sqlite-of.js';
import { loopWorld } from './loop-world.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const world = loopWorld();

const config = (extra: ConfigInput = {}): ConfigInput => ({
  approval_mode: false,
  business: {
    product_name: 'Queuebird',
    product_keywords: ['sqlite'],
    industry_topics: ['sqlite', 'queues', 'typescript'],
  },
  llm: { provider: 'openai', api_key: 'k', base_url: world.llm.openaiBaseUrl },
  ...extra,
  schedule: { active_hours_start: 0, active_hours_end: 0, ...extra.schedule },
});

async function start(extra: ConfigInput = {}, options: Omit<AppHarnessOptions, 'config'> = {}) {
  const h = await world.open(
    startAppHarness({ config: config(extra), loginSeconds: 7 * 86_400, ...options }),
  );
  // Posts of the fake's demo world are not ours: only posts made during the test count.
  const before = new Set(h.fake.state.tweets.keys());
  const ours = () => h.fake.state.tweetsNewestFirst().filter((t) => !before.has(t.id));
  return { h, ours };
}

const turn = (h: AppHarness) =>
  contentLoop.run(h.app.deps.forLoops, { signal: new AbortController().signal });
const postRows = (h: AppHarness) =>
  sqliteOf(h.app.deps.database)
    .sqlite.prepare('select text, kind, actor, topic, format from posts order by id')
    .all();
const pending = async (h: AppHarness) =>
  (await h.app.deps.content.approvals.list({ status: ['pending'], limit: 50, offset: 0 })).items;
const jobs = (h: AppHarness) =>
  (
    sqliteOf(h.app.deps.database).sqlite.prepare('select count(*) as n from posting_jobs').get() as {
      n: number;
    }
  ).n;
const prompts = () => world.llm.calls.map((c) => c.messages.map((m) => m.content).join('\n'));

describe('content loop', () => {
  it('a due scheduled post goes out first: the posting queue is woken, no original is written that turn', async () => {
    const { h, ours } = await start();
    let woken = 0;
    h.app.deps.postingWake.listen(() => {
      woken++;
    });
    const input = ComposeOperationInput.parse({
      content_type: 'tweet',
      content: 'Scheduled by a person.',
      scheduled_for: new Date(h.clock.now() + MINUTE).toISOString(),
    });
    await invokeOperation(h.app.deps.forOperations, composeOperation, input, { actor: 'dashboard' });
    h.clock.advance(2 * MINUTE);

    const summary = await turn(h);
    expect(summary).toMatch(/^a scheduled post is due \(job \d+\): the posting queue sends it; no original/);
    expect(woken).toBe(1);
    expect(world.llm.calls).toHaveLength(0);
    await h.postNow();
    expect(ours().map((t) => t.text)).toEqual(['Scheduled by a person.']);
    // The scheduled post was this window's original post.
    expect(await turn(h)).toMatch(/^next original post after .* \(content window\)$/);
    expect(world.llm.calls).toHaveLength(0);
    expect(ours()).toHaveLength(1);
  });

  it('one original post per content window, posted as loop:content with its topic and format; the window survives a restart', async () => {
    let { h, ours } = await start();
    const summary = await turn(h);
    expect(summary).toBe('queued for posting: "sqlite" as list (exploring)');
    await h.postNow();
    expect(ours().map((t) => t.text)).toEqual(['Echo: Write a post about: sqlite']);
    expect(postRows(h)).toEqual([
      {
        text: 'Echo: Write a post about: sqlite',
        kind: 'tweet',
        actor: 'loop:content',
        topic: 'sqlite',
        format: 'list',
      },
    ]);
    expect(world.llm.calls[0]?.system).toContain('Format (MUST follow): a short list');

    h.clock.advance(2 * HOUR);
    expect(await turn(h)).toBe('next original post after 2026-11-22T15:00 UTC (content window)');
    expect(world.llm.calls).toHaveLength(1);

    // A restart 2 h 30 min after the post: the window is read from the database.
    const { home } = h;
    const at = new Date(h.clock.now() + 30 * MINUTE).toISOString();
    await h.app.close();
    await h.fake.close();
    ({ h, ours } = await start({}, { home, start: at }));
    expect(await turn(h)).toMatch(/^next original post after .* \(content window\)$/);
    h.clock.advance(31 * MINUTE);
    expect(await turn(h)).toBe('queued for posting: "queues" as contrarian_take (exploring)');
    await h.postNow();
    expect(ours().map((t) => t.text)).toEqual(['Echo: Write a post about: queues']);
    home.cleanup();
  });

  it('the daily post cap stops the loop and the summary says so', async () => {
    const { h, ours } = await start({
      limits: { max_tweets_per_day: 2 },
      intervals: { content_post_window_seconds: 60 },
    });
    for (let n = 0; n < 2; n++) {
      expect(await turn(h)).toMatch(/^queued for posting/);
      await h.postNow();
      h.clock.advance(2 * MINUTE);
    }
    expect(await turn(h)).toBe('daily post cap reached (2/2)');
    expect(world.llm.calls).toHaveLength(2);
    expect(ours()).toHaveLength(2);
  });

  it('approval mode: the post waits for review as loop:content, nothing reaches the platform, and it counts toward the cap', async () => {
    const { h, ours } = await start({
      approval_mode: true,
      limits: { max_tweets_per_day: 1 },
      intervals: { content_post_window_seconds: 60 },
    });
    expect(await turn(h)).toBe('queued for approval: "sqlite" as list (exploring)');
    await h.postNow();
    const items = await pending(h);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ actor: 'loop:content', action_type: 'tweet' });
    expect(items[0]?.content).toBe('Echo: Write a post about: sqlite');
    expect(ours()).toEqual([]);
    h.clock.advance(2 * MINUTE);
    expect(await turn(h)).toBe('daily post cap reached (1/1)');
    expect(await pending(h)).toHaveLength(1);
  });

  it('slot mode: a post only once a slot has come (its jitter drawn once a day), never twice for one slot, none on a day overridden with []', async () => {
    // Monday 2026-11-23, 09:00 in Berlin.
    const { h, ours } = await start(
      {
        schedule: {
          timezone: 'Europe/Berlin',
          preferred_times: ['09:30', '12:30'],
          preferred_times_override: { Tue: [] },
        },
      },
      { start: '2026-11-23T08:00:00.000Z' },
    );
    // No jitter today: the first turn of the day draws 0 for each slot and keeps it.
    h.app.deps.forLoops.random = () => 0.5;
    expect(await turn(h)).toBe('next slot 09:30 Europe/Berlin');
    h.app.deps.forLoops.random = () => 0;
    h.clock.advance(20 * MINUTE);
    expect(await turn(h)).toBe('next slot 09:30 Europe/Berlin');
    expect(world.llm.calls).toHaveLength(0);

    h.clock.advance(11 * MINUTE); // 09:31
    expect(await turn(h)).toMatch(/^queued for posting/);
    await h.postNow();
    h.clock.advance(10 * MINUTE);
    expect(await turn(h)).toBe('slot 09:30 used; next slot 12:30 Europe/Berlin');
    h.clock.advance(3 * HOUR); // 12:41
    expect(await turn(h)).toMatch(/^queued for posting/);
    await h.postNow();
    h.clock.advance(6 * HOUR);
    expect(await turn(h)).toBe('slot 12:30 used; next slot tomorrow');
    expect(ours()).toHaveLength(2);

    h.clock.advance(18 * HOUR); // Tuesday 12:41
    expect(await turn(h)).toBe('no posting slots on Tue');
    expect(world.llm.calls).toHaveLength(2);
    expect(ours()).toHaveLength(2);
  });

  it('epsilon-greedy: below 0.8 the best-scored configured topic, otherwise a random topic not used lately', async () => {
    const { h } = await start({ intervals: { content_post_window_seconds: 60 } });
    const scores = sqliteOf(h.app.deps.database).sqlite.prepare(
      'insert into content_scores (topic, format, total_posts, avg_performance) values (?, ?, ?, ?)',
    );
    scores.run('queues', 'tip', 4, 40);
    scores.run('sqlite', 'list', 3, 12);
    scores.run('not configured', 'tip', 9, 99);

    h.app.deps.forLoops.random = () => 0.3;
    expect(await turn(h)).toBe('queued for posting: "queues" as most_people_think_x (best-scoring topic)');
    await h.postNow();
    h.clock.advance(2 * MINUTE);
    // 0.95: explore among the topics not used lately (sqlite, typescript).
    h.app.deps.forLoops.random = () => 0.95;
    expect(await turn(h)).toBe('queued for posting: "typescript" as tip (exploring)');
    await h.postNow();
    h.clock.advance(2 * MINUTE);
    // Back to exploiting: queues is recent, so the best remaining scored topic.
    h.app.deps.forLoops.random = () => 0.3;
    expect(await turn(h)).toMatch(/^queued for posting: "sqlite" as \w+ \(best-scoring topic\)$/);
    await h.postNow();
    expect(prompts()).toEqual([
      'Write a post about: queues',
      'Write a post about: typescript',
      'Write a post about: sqlite',
    ]);
    expect(
      sqliteOf(h.app.deps.database)
        .sqlite.prepare("select topic from posts where kind = 'tweet' order by id")
        .all(),
    ).toEqual([{ topic: 'queues' }, { topic: 'typescript' }, { topic: 'sqlite' }]);
  });

  it('an answer over 280 weighted characters is retried once, stricter, then not posted and the turn says why', async () => {
    const { h, ours } = await start();
    world.llm.script.overlong(300).overlong(290);
    const summary = await turn(h);
    expect(summary).toBe(
      'not posted: "sqlite" as list: the answer was 300 weighted characters (max 280); on the retry was 290 weighted characters (max 280)',
    );
    expect(world.llm.calls).toHaveLength(2);
    expect(world.llm.calls[1]?.system).toContain(LENGTH_REMINDER);
    expect(jobs(h)).toBe(0);
    expect(await pending(h)).toEqual([]);
    await h.postNow();
    expect(ours()).toEqual([]);
    // The attempt used up the window: the model is not asked again every turn.
    h.clock.advance(MINUTE);
    expect(await turn(h)).toMatch(/^next original post after .* \(content window\)$/);
    expect(world.llm.calls).toHaveLength(2);
  });

  it('a banned phrase is retried once with the phrase named; a clean retry is posted', async () => {
    const { h, ours } = await start();
    world.llm.script.reply('You should Check Out our queue.').reply('Queues smooth out bursts.');
    expect(await turn(h)).toMatch(/^queued for posting/);
    expect(world.llm.calls[1]?.system).toContain('Never use the phrase "check out"');
    await h.postNow();
    expect(ours().map((t) => t.text)).toEqual(['Queues smooth out bursts.']);

    h.clock.advance(4 * HOUR);
    world.llm.script.reply('Link in bio.').reply('Still: link in bio.');
    expect(await turn(h)).toBe(
      'not posted: "queues" as contrarian_take: the answer contains "link in bio"; on the retry contains "link in bio"',
    );
    await h.postNow();
    expect(ours()).toHaveLength(1);
  });

  it("outside active hours the turn's post is held until they open, not refused, and uses up the window", async () => {
    // 12:00 UTC, outside the active hours 14:00-22:00 (the scheduler would not run it; the publisher holds it).
    const { h, ours } = await start({ schedule: { active_hours_start: 14, active_hours_end: 22 } });
    expect(await turn(h)).toMatch(/^queued for posting/);
    expect(jobs(h)).toBe(1);
    await h.postNow();
    expect(ours()).toEqual([]);
    h.clock.advance(MINUTE);
    expect(await turn(h)).toBe('next original post after 2026-11-22T15:00 UTC (content window)');
    expect(world.llm.calls).toHaveLength(1);
    h.clock.set(Date.parse('2026-11-22T14:00:00.000Z'));
    await h.postNow();
    expect(ours()).toHaveLength(1);
  });

  it('the LLM writes with vault context: a note on the keywords reaches the prompt and the post links back to it', async () => {
    const { h } = await start();
    const sourceId = Number(
      sqliteOf(h.app.deps.database)
        .sqlite.prepare("insert into sources (source_type, source_key) values ('manual', 'manual')")
        .run().lastInsertRowid,
    );
    const body =
      '# Queue depth\n\nAlert on queue depth, not on CPU: sqlite queues fill before the box sweats.';
    await h.app.deps.notes.saveNote(
      {
        sourceId,
        relativePath: 'ops/queues.md',
        hash: 'queues',
        title: 'Queue depth',
        body,
        frontMatter: null,
        tags: [],
        fragments: parseNote(body).fragments,
      },
      new Date(h.clock.now()),
    );
    expect(await turn(h)).toMatch(/^queued for posting/);
    expect(world.llm.calls[0]?.system).toContain('Relevant knowledge from your notes');
    expect(world.llm.calls[0]?.system).toContain('Alert on queue depth, not on CPU');
    expect(
      sqliteOf(h.app.deps.database)
        .sqlite.prepare("select entity_type, source_path from provenance_links where entity_type = 'draft'")
        .all(),
    ).toEqual([{ entity_type: 'draft', source_path: 'ops/queues.md' }]);
  });

  it('composer mode never runs it: the loop is an autopilot loop of the service', () => {
    expect(contentLoop.modes).toEqual(['autopilot']);
    expect(SERVICE_LOOPS).toContain(contentLoop);
  });
});
