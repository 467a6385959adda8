// The thread loop against the fake platform, the fake LLM and real SQLite: a 5-8 post thread written by the
// LLM in a structure, queued as loop:threads and posted by the posting queue as a reply chain through the
// exactly-once outbox (a 5xx part-way resumes without posting a card twice); approval mode waits for a
// review, then the approved item goes out as a chain; the interval, the weekly slot and the weekly cap;
// an answer with the wrong number of posts retried once, then not posted (tried again an hour later);
// composer mode never runs it.
import { describe, expect, it } from 'vitest';
import { contentLoop } from '../../src/automation/loops/content.js';
import { SERVICE_LOOPS } from '../../src/automation/loops/index.js';
import { threadsLoop } from '../../src/automation/loops/threads.js';
import { Scheduler } from '../../src/automation/scheduler.js';
import { SimulatedTime } from '../../src/automation/simulated-time.js';
import type { ConfigInput } from '../../src/contracts/config/config.js';
import { faultPresets } from '../../src/infra/sandbox/social/index.js';
import { approveOperation } from '../../src/operations/approvals/approve-operation.js';
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
    industry_topics: ['sqlite', 'queues'],
  },
  llm: { provider: 'openai', api_key: 'k', base_url: world.llm.openaiBaseUrl },
  ...extra,
  schedule: { active_hours_start: 0, active_hours_end: 0, ...extra.schedule },
});

async function start(extra: ConfigInput = {}, options: Omit<AppHarnessOptions, 'config'> = {}) {
  const h = await world.open(
    startAppHarness({ config: config(extra), loginSeconds: 14 * 86_400, ...options }),
  );
  const before = new Set(h.fake.state.tweets.keys());
  const ours = () =>
    [...h.fake.state.tweets.values()]
      .filter((t) => !before.has(t.id))
      .sort((a, b) => a.createdAt - b.createdAt);
  return { h, ours };
}

const turn = (h: AppHarness) =>
  threadsLoop.run(h.app.deps.forLoops, { signal: new AbortController().signal });
/** A thread answer of `n` posts, separated as the prompt asks. */
const threadOf = (n: number, label = 'card') =>
  Array.from(
    { length: n },
    (_, i) => `${label} ${i + 1} of ${n}: queues keep bursts from becoming outages.`,
  ).join('\n---\n');
const texts = (n: number, label = 'card') => threadOf(n, label).split('\n---\n');
const pending = async (h: AppHarness) =>
  (await h.app.deps.content.approvals.list({ status: ['pending'], limit: 50, offset: 0 })).items;

/** The chain as the platform shows it: every post after the first replies to the one before. */
function expectChain(posts: Array<{ id: string; text: string; inReplyToTweetId?: string }>, want: string[]) {
  expect(posts.map((p) => p.text)).toEqual(want);
  for (const [i, post] of posts.entries()) {
    expect(post.inReplyToTweetId, `card ${i + 1}`).toBe(i === 0 ? undefined : posts[i - 1]?.id);
  }
}

describe('thread loop', () => {
  it('writes a 6-post thread, queues it as loop:threads and the posting queue posts it as a reply chain; the next one waits the interval', async () => {
    const { h, ours } = await start();
    world.llm.script.reply(threadOf(6));
    expect(await turn(h)).toBe('queued for posting: 6-post transformation thread on "sqlite"');
    expect(world.llm.calls[0]?.system).toContain('Structure (MUST follow): a transformation');
    expect(world.llm.calls[0]?.system).toContain('Write a thread of 5 to 8 posts');
    await h.postNow();
    expectChain(ours(), texts(6));
    const rows = sqliteOf(h.app.deps.database)
      .sqlite.prepare('select actor, topic, format, thread_position from posts order by id')
      .all() as Array<{
      actor: string;
      topic: string | null;
      format: string | null;
      thread_position: number;
    }>;
    expect(rows.map((r) => r.actor)).toEqual(Array(6).fill('loop:threads'));
    expect(rows[0]).toMatchObject({ topic: 'sqlite', format: 'transformation', thread_position: 0 });
    expect(rows.slice(1).every((r) => r.topic === null)).toBe(true);

    h.clock.advance(6 * 86_400_000);
    expect(await turn(h)).toMatch(/^next thread after 2026-11-29T12:00 UTC$/);
    expect(world.llm.calls).toHaveLength(1);
  });

  it('a 5xx on card 3 posts nothing twice: the thread loop starts no other thread and the next posting turn resumes the chain', async () => {
    const { h, ours } = await start();
    world.llm.script.reply(threadOf(6));
    expect(await turn(h)).toMatch(/^queued for posting: 6-post/);
    h.fake.faults.inject({
      path: '/2/tweets',
      method: 'POST',
      skip: 2,
      action: faultPresets.serverError(503),
    });
    await h.postNow();
    expect(ours()).toHaveLength(2);
    const job = sqliteOf(h.app.deps.database)
      .sqlite.prepare("select status, last_error_code from posting_jobs where actor = 'loop:threads'")
      .get();
    expect(job).toEqual({ status: 'partial', last_error_code: 'social_api_error' });

    h.clock.advance(MINUTE);
    expect(await turn(h)).toMatch(/^next thread after /);
    expect(world.llm.calls).toHaveLength(1);
    await h.postNow();
    expectChain(ours(), texts(6));
    const creates = h.fake.requests.filter((r) => r.method === 'POST' && r.path === '/2/tweets');
    expect(creates).toHaveLength(7);
  });

  it('approval mode: one approval item as loop:threads and nothing posted; once approved, the posting queue posts the reply chain', async () => {
    const { h, ours } = await start({ approval_mode: true });
    world.llm.script.reply(threadOf(5));
    expect(await turn(h)).toBe('queued for approval: 5-post transformation thread on "sqlite"');
    await h.postNow();
    const items = await pending(h);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ actor: 'loop:threads', action_type: 'thread' });
    expect(items[0]?.blocks?.map((b) => b.text)).toEqual(texts(5));
    expect(ours()).toEqual([]);

    await invokeOperation(
      h.app.deps.forOperations,
      approveOperation,
      { id: items[0]?.id },
      { actor: 'dashboard' },
    );
    await h.postNow();
    expectChain(ours(), texts(5));
    expect(
      sqliteOf(h.app.deps.database)
        .sqlite.prepare("select count(*) as n from posts where actor = 'loop:threads'")
        .get(),
    ).toEqual({ n: 5 });
    // One thread waits or went out this week: the loop does not write another.
    h.clock.advance(HOUR);
    expect(await turn(h)).toMatch(/^next thread after /);
  });

  it('the weekly cap (ISO week in the account timezone) stops a second thread until Monday', async () => {
    // Sunday 2026-11-22 12:00 UTC; threads may come hourly, one a week.
    const { h, ours } = await start({
      intervals: { thread_interval_seconds: 3600 },
      limits: { max_threads_per_week: 1 },
    });
    // The second says something else: a loop's near-repeat of a recent post is refused (duplicate_post).
    const other = (text: string) =>
      text.replaceAll(
        'queues keep bursts from becoming outages',
        'retries with jitter spread the load apart',
      );
    world.llm.script.reply(threadOf(5, 'first')).reply(other(threadOf(5, 'second')));
    expect(await turn(h)).toMatch(/^queued for posting: 5-post/);
    await h.postNow();
    h.clock.advance(2 * HOUR);
    expect(await turn(h)).toBe('weekly thread cap reached (1/1)');
    expect(world.llm.calls).toHaveLength(1);
    h.clock.advance(10 * HOUR + 30 * MINUTE); // Monday 00:30
    expect(await turn(h)).toMatch(/^queued for posting: 5-post \w+ thread on "queues"$/);
    await h.postNow();
    expect(ours().map((t) => t.text)).toEqual([...texts(5, 'first'), ...texts(5, 'second').map(other)]);
  });

  it('weekly slot: nothing before the preferred day and time in the account timezone, one thread after, none again that week', async () => {
    // Monday 2026-11-23 07:00 in New York; the slot is Tuesday 10:00 there (15:00 UTC).
    const { h, ours } = await start(
      {
        schedule: {
          timezone: 'America/New_York',
          thread_preferred_day: 'Tue',
          thread_preferred_time: '10:00',
        },
      },
      { start: '2026-11-23T12:00:00.000Z' },
    );
    expect(await turn(h)).toBe("this week's thread at 2026-11-24T10:00 America/New_York");
    h.clock.advance(27 * HOUR - MINUTE); // Tuesday 09:59
    expect(await turn(h)).toBe("this week's thread at 2026-11-24T10:00 America/New_York");
    expect(world.llm.calls).toHaveLength(0);
    world.llm.script.reply(threadOf(7));
    h.clock.advance(2 * MINUTE);
    expect(await turn(h)).toMatch(/^queued for posting: 7-post/);
    await h.postNow();
    h.clock.advance(2 * 86_400_000);
    expect(await turn(h)).toBe("this week's thread is out (2026-11-24T10:00 America/New_York)");
    expect(ours()).toHaveLength(7);
  });

  it('an answer with the wrong number of posts is retried once, then not posted and tried again an hour later; a card over 280 is retried stricter', async () => {
    const { h, ours } = await start({
      intervals: { thread_interval_seconds: 3600 },
      limits: { max_threads_per_week: 5 },
    });
    world.llm.script.reply(threadOf(4)).reply(threadOf(9));
    expect(await turn(h)).toBe(
      'not posted: transformation thread on "sqlite": the answer had 4 posts (5 to 8 wanted); on the retry had 9 posts (5 to 8 wanted)',
    );
    expect(world.llm.calls).toHaveLength(2);
    expect(world.llm.calls[1]?.system).toContain('Your previous answer broke the rules');
    await h.postNow();
    expect(ours()).toEqual([]);
    expect(await turn(h)).toBe('the last thread was not posted; next try after 2026-11-22T13:00 UTC');
    expect(world.llm.calls).toHaveLength(2);

    h.clock.advance(HOUR);
    const long = [...texts(5), 'x'.repeat(281)].join('\n---\n');
    world.llm.script.reply(long).reply(threadOf(6));
    expect(await turn(h)).toMatch(/^queued for posting: 6-post \w+ thread on "queues"$/);
    await h.postNow();
    expectChain(ours(), texts(6));
  });

  it('composer mode: the scheduler never runs the content and thread loops (paused for the mode), nothing is written', async () => {
    const { h } = await start({ mode: 'composer' });
    expect(threadsLoop.modes).toEqual(['autopilot']);
    expect(SERVICE_LOOPS).toEqual(expect.arrayContaining([contentLoop, threadsLoop]));
    const time = new SimulatedTime(new Date(h.clock.now()));
    const scheduler = new Scheduler({
      deps: h.app.deps.forLoops,
      loops: [contentLoop, threadsLoop],
      mode: () => h.app.deps.config.mode,
      logger: { info() {}, warn() {}, error() {} },
      setTimer: time.setTimer,
      clock: time,
    });
    scheduler.start();
    await time.runUntil(new Date(h.clock.now() + 86_400_000), () => scheduler.idle());
    expect(scheduler.status().map((s) => [s.name, s.paused, s.last_run_at])).toEqual([
      ['content', 'mode', null],
      ['threads', 'mode', null],
    ]);
    await scheduler.stop();
    expect(world.llm.calls).toHaveLength(0);
    expect(await pending(h)).toEqual([]);
  });
});
