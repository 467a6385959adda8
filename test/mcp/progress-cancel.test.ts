// Progress notifications and cancellation of the long-running tools (issue 15, item 3) through the SDK's
// client over the in-memory pair: a large video upload, thread generation and thread posting, checked at
// the fake platform and fake LLM (what reached them), the audit log, the posting job and the LLM usage.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Progress, ProgressNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Envelope } from '../../src/contracts/tools/envelope.js';
import { type FakeLlm, type RecordedCall, startFakeLlm } from '../fakes/llm/index.js';
import { type McpHarness, startMcpHarness } from '../support/mcp-harness.js';
import { writeMedia } from '../support/media-files.js';
import { sqliteOf } from '../support/sqlite-of.js';

const MB = 1024 * 1024;
/** 20 MB: five 4 MB chunks. */
const VIDEO_BYTES = 20 * MB;
const CARDS = ['First: WAL mode.', 'Second: a busy timeout.', 'Third: one writer at a time.'];

let h: McpHarness | undefined;
let llm: FakeLlm;
/** Model calls the fake LLM saw end: answered, or abandoned by the client (no status). */
const ended: RecordedCall[] = [];

beforeAll(async () => {
  llm = await startFakeLlm({ onCall: (call) => ended.push(call) });
});
afterAll(async () => llm.close());
afterEach(async () => {
  await h?.close();
  h = undefined;
  llm.reset();
  ended.length = 0;
});

async function start(): Promise<McpHarness> {
  h = await startMcpHarness({
    config: {
      mcp_policy: { require_approval_for: [] },
      limits: { max_threads_per_week: 10 },
      llm: { provider: 'openai', api_key: 'k', base_url: llm.openaiBaseUrl },
    },
  });
  return h;
}

/** A 20 MB MP4 in the media folder (its real header, then zeros), named as the upload tool takes it. */
function largeVideo(harness: McpHarness): string {
  const dir = join(harness.home.dir, 'media');
  mkdirSync(dir, { recursive: true });
  writeMedia(join(dir, 'talk.mp4'), 'mp4', VIDEO_BYTES);
  return 'talk.mp4';
}

interface CallOptions {
  onprogress?: (progress: Progress) => void;
  signal?: AbortSignal;
}

/** tools/call with the SDK's per-request options; the envelope parsed. */
async function call(name: string, args: Record<string, unknown>, options: CallOptions = {}) {
  const result = await (h as McpHarness).client.callTool({ name, arguments: args }, undefined, options);
  const content = result.content as Array<{ text: string }>;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever data the tool answered.
  return JSON.parse(content[0]?.text ?? 'null') as Envelope & { data: any };
}

const uploadRequests = (harness: McpHarness, step: 'append' | 'finalize') =>
  harness.fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith(`/${step}`));

function auditRows(harness: McpHarness, tool: string) {
  return sqliteOf(harness.app.deps.database)
    .sqlite.prepare('SELECT status, error_code FROM mutation_audit WHERE tool_name = ? ORDER BY id')
    .all(tool) as Array<{ status: string; error_code: string | null }>;
}

/** The server finishes a cancelled call after the client stopped waiting: wait for its audit row. */
async function settledAudit(harness: McpHarness, tool: string) {
  await vi.waitFor(
    () => {
      const rows = auditRows(harness, tool);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.status !== 'pending')).toBe(true);
    },
    { timeout: 5000 },
  );
  return auditRows(harness, tool);
}

const postsWithText = (harness: McpHarness, text: string) =>
  harness.fake.state.tweetsNewestFirst().filter((t) => t.text === text);

function jobStatuses(harness: McpHarness): string[] {
  const rows = sqliteOf(harness.app.deps.database)
    .sqlite.prepare("SELECT status FROM posting_jobs WHERE kind = 'thread' ORDER BY id")
    .all() as Array<{ status: string }>;
  return rows.map((row) => row.status);
}

function expectIncreasing(progress: Progress[]): void {
  for (let i = 1; i < progress.length; i++) {
    expect(progress[i]?.progress).toBeGreaterThan(progress[i - 1]?.progress ?? Number.POSITIVE_INFINITY);
  }
}

describe('media upload of a large video', () => {
  it('with a progress token: bytes per chunk, then processing, always increasing, and the upload finishes', async () => {
    const harness = await start();
    const file = largeVideo(harness);
    const progress: Progress[] = [];
    const result = await call(
      'social_upload_media',
      { file_path: file },
      { onprogress: (p) => progress.push(p) },
    );

    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ media_id: expect.any(String), segment_count: 5 });
    expectIncreasing(progress);
    const total = VIDEO_BYTES + 1;
    expect(progress.slice(0, 5)).toEqual(
      [1, 2, 3, 4, 5].map((k) => ({
        progress: Math.min(k * 4 * MB, VIDEO_BYTES),
        total,
        message: `uploaded ${(Math.min(k * 4 * MB, VIDEO_BYTES) / MB).toFixed(1)} of 20.0 MB (chunk ${k} of 5)`,
      })),
    );
    expect(progress.slice(5, -1).length).toBeGreaterThan(0);
    for (const step of progress.slice(5, -1)) expect(step.message).toMatch(/^processing: /);
    expect(progress.at(-1)).toEqual({ progress: total, total, message: 'processing succeeded' });
    expect(uploadRequests(harness, 'append')).toHaveLength(5);
    expect(uploadRequests(harness, 'finalize')).toHaveLength(1);
  });

  it('without a progress token no progress notification is sent', async () => {
    const harness = await start();
    const file = largeVideo(harness);
    const seen: unknown[] = [];
    // Replaces the client's own progress routing: any notification at all would land here.
    harness.client.setNotificationHandler(ProgressNotificationSchema, (notification) => {
      seen.push(notification);
    });
    const result = await call('social_upload_media', { file_path: file });
    expect(result.success).toBe(true);
    expect(uploadRequests(harness, 'finalize')).toHaveLength(1);
    expect(seen).toEqual([]);
  });

  it('a cancel mid-upload stops appending, never finalizes, and audits the call once as cancelled', async () => {
    const harness = await start();
    const file = largeVideo(harness);
    const stop = new AbortController();
    const progress: Progress[] = [];
    const cancelled = call(
      'social_upload_media',
      { file_path: file },
      {
        signal: stop.signal,
        onprogress: (p) => {
          progress.push(p);
          stop.abort('the user pressed stop');
        },
      },
    );
    await expect(cancelled).rejects.toThrow('the user pressed stop');

    expect(await settledAudit(harness, 'social_upload_media')).toEqual([
      { status: 'failure', error_code: 'cancelled' },
    ]);
    // The cancel arrived after the first chunk: no second one, and no FINALIZE.
    expect(uploadRequests(harness, 'append')).toHaveLength(1);
    expect(uploadRequests(harness, 'finalize')).toHaveLength(0);
    expect([...harness.fake.state.media.values()].map((m) => m.state)).toEqual(['uploading']);
    expect(progress).toHaveLength(1);

    // Nothing is left behind that blocks the same upload later (a failure is not an idempotent success).
    const again = await call('social_upload_media', { file_path: file });
    expect(again.data).toMatchObject({ segment_count: 5 });
    expect(uploadRequests(harness, 'finalize')).toHaveLength(1);
  });

  it('a client that disconnects mid-upload cancels it the same way, audited once', async () => {
    const harness = await start();
    const file = largeVideo(harness);
    const gone = call(
      'social_upload_media',
      { file_path: file },
      // The SDK aborts every running call of a closed connection.
      { onprogress: () => void harness.client.close() },
    );
    await expect(gone).rejects.toThrow();
    expect(await settledAudit(harness, 'social_upload_media')).toEqual([
      { status: 'failure', error_code: 'cancelled' },
    ]);
    expect(uploadRequests(harness, 'append')).toHaveLength(1);
    expect(uploadRequests(harness, 'finalize')).toHaveLength(0);
  });
});

describe('thread generation', () => {
  it('reports start, answer and validated with a progress token', async () => {
    await start();
    llm.script.reply(CARDS.join('\n---\n'));
    const progress: Progress[] = [];
    const result = await call(
      'generate_thread',
      { topic: 'sqlite' },
      { onprogress: (p) => progress.push(p) },
    );
    expect(result.data.tweets).toEqual(CARDS);
    expect(progress.map((p) => [p.progress, p.total])).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    expect(progress.at(-1)?.message).toBe('thread of 3 posts validated');
  });

  it('a cancel aborts the request to the model (the fake LLM sees the client hang up) and nothing retries', async () => {
    const harness = await start();
    llm.script.delay(30_000).reply(CARDS.join('\n---\n'));
    const stop = new AbortController();
    const progress: Progress[] = [];
    const cancelled = call(
      'generate_thread',
      { topic: 'sqlite' },
      { signal: stop.signal, onprogress: (p) => progress.push(p) },
    );
    await vi.waitFor(() => expect(llm.calls).toHaveLength(1), { timeout: 5000 });
    stop.abort('changed my mind');
    await expect(cancelled).rejects.toThrow('changed my mind');

    // Without the abort the fake would hold the call for 30 s: it ends now, unanswered.
    await vi.waitFor(() => expect(ended).toHaveLength(1), { timeout: 5000 });
    expect(ended[0]?.status).toBeUndefined();
    expect(llm.calls).toHaveLength(1);
    expect(progress.map((p) => p.message)).toEqual(['asking the model for the thread']);
    await vi.waitFor(
      () => {
        const usage = sqliteOf(harness.app.deps.database)
          .sqlite.prepare('SELECT generation_type, success, error_code FROM llm_usage')
          .all();
        expect(usage).toEqual([{ generation_type: 'thread', success: 0, error_code: 'cancelled' }]);
      },
      { timeout: 10_000 },
    );
  });
});

describe('thread posting', () => {
  it('reports post k of n as each card goes out', async () => {
    const harness = await start();
    const progress: Progress[] = [];
    const result = await call(
      'social_post_thread',
      { tweets: CARDS },
      { onprogress: (p) => progress.push(p) },
    );
    expect(result.data.tweet_ids).toHaveLength(3);
    expect(progress).toEqual([
      { progress: 0, total: 3, message: 'posting 3 of 3 post(s)' },
      { progress: 1, total: 3, message: 'posted 1 of 3' },
      { progress: 2, total: 3, message: 'posted 2 of 3' },
      { progress: 3, total: 3, message: 'posted 3 of 3' },
    ]);
    for (const text of CARDS) expect(postsWithText(harness, text)).toHaveLength(1);
  });

  it('a cancel before the first card goes out posts nothing: the job is cancelled and audited once', async () => {
    const harness = await start();
    const stop = new AbortController();
    const cancelled = call(
      'social_post_thread',
      { tweets: CARDS },
      // The first notification (post 0 of 3) comes just before the first card's write.
      { signal: stop.signal, onprogress: () => stop.abort('not now') },
    );
    await expect(cancelled).rejects.toThrow('not now');
    expect(await settledAudit(harness, 'social_post_thread')).toEqual([
      { status: 'failure', error_code: 'cancelled' },
    ]);
    for (const text of CARDS) expect(postsWithText(harness, text)).toHaveLength(0);
    expect(jobStatuses(harness)).toEqual(['cancelled']);
    // The posting queue does not pick a cancelled job up; asking again posts the thread once.
    await harness.postNow();
    for (const text of CARDS) expect(postsWithText(harness, text)).toHaveLength(0);
    const again = await call('social_post_thread', { tweets: CARDS });
    expect(again.data.tweet_ids).toHaveLength(3);
    for (const text of CARDS) expect(postsWithText(harness, text)).toHaveLength(1);
  });

  it('a cancel after the first card is out finishes the thread: every card exactly once, never half-posted', async () => {
    const harness = await start();
    const stop = new AbortController();
    const cancelled = call(
      'social_post_thread',
      { tweets: CARDS },
      {
        signal: stop.signal,
        onprogress: (p) => {
          if (p.progress === 1) stop.abort('stop after the first');
        },
      },
    );
    await expect(cancelled).rejects.toThrow('stop after the first');
    expect(await settledAudit(harness, 'social_post_thread')).toEqual([
      { status: 'success', error_code: null },
    ]);
    const ids = CARDS.map((text) => postsWithText(harness, text).map((t) => t.id));
    for (const found of ids) expect(found).toHaveLength(1);
    // Still one reply chain.
    expect(harness.fake.state.tweets.get(ids[1]?.[0] ?? '')?.inReplyToTweetId).toBe(ids[0]?.[0]);
    expect(harness.fake.state.tweets.get(ids[2]?.[0] ?? '')?.inReplyToTweetId).toBe(ids[1]?.[0]);
    expect(jobStatuses(harness)).toEqual(['posted']);
    await harness.postNow();
    for (const text of CARDS) expect(postsWithText(harness, text)).toHaveLength(1);
  });
});
