// From a note on disk to a post written back into it: the local folder is scanned, an assist answer cites
// the note, the compose carries that citation as provenance, the posting queue posts at the fake platform,
// and the note's front-matter gains an `app` entry for the post while every other byte stays as it was.
// A second pass writes nothing more; a folder with loop_back_enabled = false and a drive source are never
// written to, and say why.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { noteMetricsLoop } from '../../src/automation/loops/note-metrics.js';
import type { ConfigInput } from '../../src/contracts/config/config.js';
import { type FakeLlm, startFakeLlm } from '../fakes/llm/index.js';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';
import { sqliteOf } from '../support/sqlite-of.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

let llm: FakeLlm;
let h: HttpHarness | undefined;
let dir: string | undefined;
beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(async () => {
  await llm.close();
});
afterEach(async () => {
  await h?.app.deps.sources.stop();
  await h?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  h = undefined;
  dir = undefined;
});

const NOTE = [
  '---',
  '# my own comment stays',
  "title: 'Changelog habits'",
  'tags: [writing, shipping]',
  '---',
  '# Changelog habits',
  '',
  'Write the changelog while the change is fresh.',
  '',
].join('\r\n');

function configFor(folder: string, loopBack: boolean, analytics: boolean): ConfigInput {
  return {
    mode: 'composer',
    business: { product_name: 'Acme', product_keywords: ['changelog'] },
    llm: { provider: 'openai', api_key: 'sk-test', base_url: llm.openaiBaseUrl },
    content_sources: {
      sources: [
        {
          source_type: 'local_fs',
          path: folder,
          enabled: true,
          watch: false,
          loop_back_enabled: loopBack,
          analytics_sync_enabled: analytics,
        },
        { source_type: 'cloud_drive', connection_id: 99 },
      ],
    },
  };
}

async function start(loopBack: boolean, analytics = false, home?: TempHome) {
  dir = mkdtempSync(join(tmpdir(), 'loop-back-'));
  mkdirSync(join(dir, 'ideas'));
  writeFileSync(join(dir, 'ideas', 'changelog.md'), NOTE);
  h = await startHttpHarness(configFor(dir, loopBack, analytics), home ? { home } : {});
  await h.app.deps.sources.start(h.app.deps.config);
  return h;
}

async function postFromNote(harness: HttpHarness) {
  llm.script.reply('Write release notes while the change is still fresh.');
  const assisted = await harness.api('POST', '/api/assist/improve', { draft: 'changelog habits' });
  expect(assisted.status, JSON.stringify(assisted.json)).toBe(200);
  const citation = assisted.json.vault_citations[0];
  expect(citation).toMatchObject({ source_path: 'ideas/changelog.md', source_title: 'Changelog habits' });
  const composed = await harness.api('POST', '/api/content/compose', {
    content_type: 'tweet',
    content: assisted.json.content,
    provenance: [{ node_id: citation.node_id, chunk_id: citation.chunk_id }],
  });
  // Composer mode: the post waits for approval, and the provenance stays with its draft meanwhile.
  expect(composed.status, JSON.stringify(composed.json)).toBe(202);
  const approved = await harness.api('POST', `/api/approval/${composed.json.approval_id}/approve`, {});
  expect(approved.status, JSON.stringify(approved.json)).toBe(200);
  const jobs = await harness.postNow();
  expect(jobs.map((j) => j.status)).toEqual(['posted']);
  return jobs[0]?.posted_tweet_ids[0] as string;
}

describe('loop-back', () => {
  it('a post made from a note is written into its front-matter, once, keeping every other byte', async () => {
    const harness = await start(true);
    const tweetId = await postFromNote(harness);
    expect(harness.fake.state.tweets.get(tweetId)?.text).toBe(
      'Write release notes while the change is still fresh.',
    );
    const file = join(dir as string, 'ideas', 'changelog.md');
    const after = readFileSync(file, 'utf8');
    const entry = [
      'app:',
      `  - tweet_id: "${tweetId}"`,
      `    url: https://x.com/i/status/${tweetId}`,
      expect.stringMatching(/^ {4}published_at: "?\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"?$/),
      '    type: tweet',
      '    status: posted',
    ];
    const lines = after.split('\r\n');
    expect(lines.slice(0, 4)).toEqual(NOTE.split('\r\n').slice(0, 4));
    expect(lines.slice(4, 10)).toEqual(entry);
    expect(lines.slice(10).join('\r\n')).toBe(NOTE.split('\r\n').slice(4).join('\r\n'));

    // The provenance row explains itself; a second pass of the queue (nothing left) writes nothing more.
    const link = sqliteOf(harness.app.deps.database)
      .sqlite.prepare("select source_path, heading_path from provenance_links where entity_type = 'draft'")
      .get();
    expect(link).toEqual({ source_path: 'ideas/changelog.md', heading_path: '# Changelog habits' });
    expect(await harness.postNow()).toEqual([]);
    expect(readFileSync(file, 'utf8')).toBe(after);
    // Running the after-post step again for the same job (a restart mid-way) adds no second entry.
    const job = sqliteOf(harness.app.deps.database)
      .sqlite.prepare('select id from posting_jobs')
      .pluck()
      .get();
    const stored = await harness.app.deps.publisher.posting.getJob(Number(job));
    if (!stored) throw new Error('no job');
    await harness.app.deps.publisher.onPosted?.(stored);
    expect(readFileSync(file, 'utf8')).toBe(after);

    // The rescan that follows the write sees the entry as part of the note (not as a new note).
    await harness.api('POST', `/api/sources/${localSourceId(harness)}/reindex`, {});
    const sources = await harness.api('GET', '/api/sources');
    const drive = sources.json.sources.find((s: { source_type: string }) => s.source_type === 'cloud_drive');
    expect(drive.loop_back).toEqual({ enabled: false, reason: expect.stringContaining('read-only') });
    const local = sources.json.sources.find((s: { source_type: string }) => s.source_type === 'local_fs');
    expect(local).toMatchObject({ notes: 1, loop_back: { enabled: true, reason: null } });
  });

  it('a process that runs no sources (the tool server) writes back too, following the live config', async () => {
    const home = createTempHome();
    try {
      await start(true, false, home);
      await h?.app.deps.sources.stop();
      await h?.close();
      // Another process on the same data (the tool server): its sources never start.
      h = await startHttpHarness(configFor(dir as string, true, false), { home });
      const tweetId = await postFromNote(h);
      expect(readFileSync(join(dir as string, 'ideas', 'changelog.md'), 'utf8')).toContain(
        `  - tweet_id: "${tweetId}"`,
      );
    } finally {
      await h?.close();
      h = undefined;
      home.cleanup();
    }
  });

  it('a folder with loop_back_enabled = false is never written to, and says why', async () => {
    const harness = await start(false);
    await postFromNote(harness);
    expect(readFileSync(join(dir as string, 'ideas', 'changelog.md'), 'utf8')).toBe(NOTE);
    const sources = await harness.api('GET', '/api/sources');
    const local = sources.json.sources.find((s: { source_type: string }) => s.source_type === 'local_fs');
    expect(local.loop_back).toEqual({ enabled: false, reason: 'loop_back_enabled = false' });
  });
});

function localSourceId(harness: HttpHarness): number {
  return Number(
    sqliteOf(harness.app.deps.database)
      .sqlite.prepare("select id from sources where source_type = 'local_fs'")
      .pluck()
      .get(),
  );
}

/** What the analytics loop records for a post (that loop comes with the autopilot loops). */
function recordMetrics(
  harness: HttpHarness,
  tweetId: string,
  impressions: number,
  likes: number,
  score: number,
) {
  sqliteOf(harness.app.deps.database)
    .sqlite.prepare(
      `insert into post_metrics (tweet_id, impressions, likes, performance_score) values (?, ?, ?, ?)
       on conflict do update set impressions = excluded.impressions, likes = excluded.likes,
         performance_score = excluded.performance_score`,
    )
    .run(tweetId, impressions, likes, score);
}

describe('analytics sync', () => {
  it('copies the recorded metrics into the post entry, only when a figure changed', async () => {
    const harness = await start(true, true);
    const tweetId = await postFromNote(harness);
    const file = join(dir as string, 'ideas', 'changelog.md');
    const posted = readFileSync(file, 'utf8');
    // No metrics yet: nothing to write.
    await noteMetricsLoop.run(harness.app.deps.forLoops, { signal: new AbortController().signal });
    expect(readFileSync(file, 'utf8')).toBe(posted);

    recordMetrics(harness, tweetId, 1200, 34, 71.5);
    await noteMetricsLoop.run(harness.app.deps.forLoops, { signal: new AbortController().signal });
    const synced = readFileSync(file, 'utf8');
    expect(synced).toContain('    impressions: 1200\r\n    likes: 34\r\n    performance_score: 71.5\r\n');
    expect(synced).toMatch(/ {4}synced_at: "?2026-11-22T12:00:00Z"?\r\n/);
    expect(synced.endsWith(NOTE.split('\r\n').slice(4).join('\r\n'))).toBe(true);

    // Unchanged figures, a later tick: the note is not rewritten (not even synced_at).
    harness.clock.advance(15 * 60_000);
    await noteMetricsLoop.run(harness.app.deps.forLoops, { signal: new AbortController().signal });
    expect(readFileSync(file, 'utf8')).toBe(synced);
    recordMetrics(harness, tweetId, 1500, 40, 75);
    await noteMetricsLoop.run(harness.app.deps.forLoops, { signal: new AbortController().signal });
    expect(readFileSync(file, 'utf8')).toContain(
      '    impressions: 1500\r\n    likes: 40\r\n    performance_score: 75\r\n',
    );
  });

  it('a folder without analytics_sync_enabled keeps its post entry without metrics', async () => {
    const harness = await start(true, false);
    const tweetId = await postFromNote(harness);
    const file = join(dir as string, 'ideas', 'changelog.md');
    const posted = readFileSync(file, 'utf8');
    recordMetrics(harness, tweetId, 900, 12, 40);
    await noteMetricsLoop.run(harness.app.deps.forLoops, { signal: new AbortController().signal });
    expect(readFileSync(file, 'utf8')).toBe(posted);
  });
});
