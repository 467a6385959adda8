// Every HTTP operation called once with a valid request, in an order where each step's setup exists: each
// answers a success, and the answer matches the operation's declared output schema. A new route without a
// step here fails the walk.
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findReplyOpportunities } from '../../src/core/services/discovery/find-reply-opportunities.js';
import { faceOutputSchema } from '../../src/operations/define-operation.js';
import { discoveryServices } from '../../src/operations/discovery/discovery-services.js';
import { OPERATIONS } from '../../src/operations/registry.js';
import { type FakeDrive, startFakeDrive } from '../fakes/drive/index.js';
import { type FakeLlm, startFakeLlm } from '../fakes/llm/index.js';
import { seedFreshPosts } from '../mcp/discovery-fixtures.js';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
// biome-ignore lint/suspicious/noExplicitAny: steps read whatever earlier steps answered.
type Saved = Record<string, any>;
type Step = [op: string, method: Method, url: string | ((saved: Saved) => string), body?: unknown];

// Ids in the order the walk creates them: draft 1 (composed, then item 1), draft 2 (created), draft 3
// (its duplicate), job 1 (approving item 1); later ids come from earlier answers.
const WALK: Step[] = [
  ['content.compose', 'POST', '/api/content/compose', { content_type: 'tweet', content: 'walk one' }],
  ['drafts.create', 'POST', '/api/content/drafts', { content: 'a draft', tags: ['walk'] }],
  ['drafts.list', 'GET', '/api/content/drafts?limit=5'],
  ['drafts.get', 'GET', '/api/content/drafts/2'],
  ['drafts.update', 'PATCH', '/api/content/drafts/2', { content: 'a better draft', version: 1 }],
  ['drafts.revisions', 'GET', '/api/content/drafts/2/revisions'],
  [
    'drafts.restore_revision',
    'POST',
    (saved) => `/api/content/drafts/2/revisions/${saved['drafts.revisions'].items.at(-1).id}/restore`,
    { version: 2 },
  ],
  ['tags.list', 'GET', '/api/content/tags'],
  ['drafts.duplicate', 'POST', '/api/content/drafts/2/duplicate'],
  ['drafts.schedule', 'POST', '/api/content/drafts/2/schedule', { scheduled_for: '2026-11-23T10:00:00' }],
  // 12:30 UTC is the next free slot at the harness's 12:00 (default zone UTC, the auto slots).
  ['calendar.next_slot', 'GET', '/api/content/next-slot'],
  ['drafts.queue', 'POST', '/api/content/drafts/2/queue', { at: '2026-11-22T12:30:00.000Z' }],
  ['drafts.unschedule', 'POST', '/api/content/drafts/2/unschedule'],
  ['drafts.archive', 'POST', '/api/content/drafts/3/archive'],
  ['drafts.restore', 'POST', '/api/content/drafts/3/restore'],
  ['drafts.publish', 'POST', '/api/content/drafts/3/publish'],
  ['drafts.delete', 'DELETE', '/api/content/drafts/2'],
  ['approvals.list', 'GET', '/api/approval?status=pending&limit=10'],
  ['approvals.stats', 'GET', '/api/approval/stats'],
  ['approvals.get', 'GET', '/api/approval/1'],
  ['approvals.edit', 'PATCH', '/api/approval/1', { content: 'walk one, edited' }],
  ['approvals.history', 'GET', '/api/approval/1/history'],
  ['approvals.approve', 'POST', '/api/approval/1/approve', { notes: 'fine' }],
  ['posting.job', 'GET', '/api/posting/jobs/1'],
  ['posting.reschedule', 'POST', '/api/posting/jobs/1/reschedule', { scheduled_for: '2026-11-24T10:00:00' }],
  ['runtime.status', 'GET', '/api/runtime/status'],
  ['billing.post_prices', 'GET', '/api/billing/post-prices'],
  ['calendar.read', 'GET', '/api/calendar?from=2026-11-01T00:00:00Z&to=2026-12-01T00:00:00Z'],
  ['get_stats', 'GET', '/api/analytics/stats?days=7'],
  ['get_follower_trend', 'GET', '/api/analytics/followers?days=30'],
  ['get_recent_replies', 'GET', '/api/analytics/replies?limit=5'],
  ['get_reply_count_today', 'GET', '/api/analytics/replies-today'],
  ['get_social_usage', 'GET', '/api/analytics/api-usage'],
  ['get_action_log', 'GET', '/api/activity?limit=5'],
  ['get_action_counts', 'GET', '/api/activity/counts'],
  ['get_recent_mutations', 'GET', '/api/activity/mutations?limit=5'],
  [
    'get_mutation_detail',
    'GET',
    (saved) => `/api/activity/mutations/${saved.get_recent_mutations[0].correlation_id}`,
  ],
  ['get_rate_limits', 'GET', '/api/limits'],
  ['get_policy_status', 'GET', '/api/policy'],
  ['discovery.keywords', 'GET', '/api/discovery/keywords'],
  ['discovery.feed', 'GET', '/api/discovery/feed?min_score=0&unreplied=true&limit=5'],
  ['content.compose', 'POST', '/api/content/compose', { content_type: 'tweet', content: 'walk two' }],
  [
    'approvals.reject',
    'POST',
    (saved) => `/api/approval/${saved['content.compose'].approval_id}/reject`,
    { notes: 'not now' },
  ],
  ['approvals.approve_all', 'POST', '/api/approval/approve-all', {}],
  ['assist.tweet', 'POST', '/api/assist/tweet', { topic: 'release notes' }],
  ['assist.reply', 'POST', '/api/assist/reply', { tweet_text: 'How do you ship?', tweet_author: 'sam' }],
  ['assist.thread', 'POST', '/api/assist/thread', { topic: 'release notes' }],
  ['assist.improve', 'POST', '/api/assist/improve', { draft: 'we ship things', context: 'plain' }],
  ['assist.topics', 'GET', '/api/assist/topics?count=3'],
  ['assist.optimal_times', 'GET', '/api/assist/optimal-times'],
  ['assist.mode', 'GET', '/api/assist/mode'],
  [
    'notes.ingest',
    'POST',
    '/api/ingest',
    { inline_nodes: [{ relative_path: 'ideas/walk.md', body_text: '# Walk\nStep by step.', title: 'Walk' }] },
  ],
  ['notes.sources', 'GET', '/api/sources'],
  [
    'notes.reindex',
    'POST',
    (saved) =>
      `/api/sources/${saved['notes.sources'].sources.find((x: { source_type: string }) => x.source_type === 'local_fs').id}/reindex`,
  ],
  ['notes.search', 'GET', '/api/notes?q=step'],
  ['notes.get', 'GET', (saved) => `/api/notes/${saved['notes.search'].items[0].id}`],
  ['connectors.status', 'GET', '/api/connectors/cloud-drive/status'],
  ['connectors.link', 'POST', '/api/connectors/cloud-drive/link', { force: true }],
  ['connectors.disconnect', 'DELETE', '/api/connectors/cloud-drive/1'],
  ['setup.status', 'GET', '/api/setup/status'],
  [
    'setup.init',
    'POST',
    // A first run has no config file: the one the drive link wrote is moved aside for this step.
    () => {
      renameSync(h.home.configPath, `${h.home.configPath}.walk`);
      return '/api/setup/init';
    },
    {
      'business.product_name': 'Acme',
      'business.product_keywords': 'changelog',
      'llm.provider': 'ollama',
      'social_api.client_id': 'test-client',
    },
  ],
  ['platform_auth.status', 'GET', '/api/auth/platform/status'],
  ['account.profile', 'GET', '/api/account/profile'],
  ['platform_auth.start', 'POST', '/api/auth/platform/start', {}],
  ['settings.get', 'GET', '/api/settings'],
  ['settings.update', 'PATCH', '/api/settings', { set: { 'limits.max_replies_per_day': 4 } }],
  ['settings.schema', 'GET', '/api/settings/schema'],
  ['accounts.list', 'GET', '/api/accounts'],
  ['accounts.add', 'POST', '/api/accounts', { name: 'walk', display_name: 'Walk' }],
  ['accounts.update', 'PATCH', '/api/accounts/walk', { new_name: 'walker', display_name: 'Walker' }],
  // The default account needs a name of its own before another may become the default; then back again.
  ['accounts.update', 'PATCH', '/api/accounts/default', { new_name: 'main' }],
  ['accounts.make_default', 'POST', '/api/accounts/walker/default'],
  ['accounts.make_default', 'POST', '/api/accounts/main/default'],
  ['accounts.remove', 'DELETE', '/api/accounts/walker', { confirm: 'walker', purge: true }],
  ['settings.tools', 'GET', '/api/settings/tools'],
  ['settings.test_llm', 'POST', '/api/settings/test-llm', {}],
  ['backups.create', 'POST', '/api/backups', {}],
  ['backups.list', 'GET', '/api/backups'],
  [
    'discovery.draft_replies',
    'POST',
    (saved) => `/api/discovery/${saved['discovery.feed'].items[0].id}/compose-reply`,
    {},
  ],
  [
    'discovery.queue_replies',
    'POST',
    (saved) => `/api/discovery/${saved['discovery.feed'].items[0].id}/queue-reply`,
    { text: 'A reply from the walk.' },
  ],
];

let llm: FakeLlm;
let drive: FakeDrive;
let h: HttpHarness;
let notesDir: string;
beforeAll(async () => {
  llm = await startFakeLlm();
  drive = await startFakeDrive();
  llm.script.reply('Ship small.\n---\nWrite down why.', { times: Number.POSITIVE_INFINITY });
  notesDir = mkdtempSync(join(tmpdir(), 'walk-notes-'));
  writeFileSync(join(notesDir, 'one.md'), '# One\nA note in a folder.');
  h = await startHttpHarness({
    content_sources: { sources: [{ source_type: 'local_fs', path: notesDir, enabled: true, watch: false }] },
    approval_mode: true,
    business: { product_name: 'Acme', product_keywords: ['changelog'] },
    llm: { provider: 'openai', api_key: 'sk-test', base_url: llm.openaiBaseUrl },
    connectors: { cloud_drive: drive.connectorConfig() },
  });
  await h.app.deps.sources.start(h.app.deps.config);
  // Posts in the Discovery Feed for the feed and reply steps (found by a search, nothing queued).
  seedFreshPosts(h);
  await findReplyOpportunities(discoveryServices(h.app.deps.forOperations), { query: 'sqlite', limit: 5 });
  // Connection 1, linked through the consent page (the browser's part of the flow).
  const link = await h.app.deps.connectors.cloudDrive.startLink({});
  const back = new URL(
    (await fetch(link.authorization_url, { redirect: 'manual' })).headers.get('location') ?? '',
  );
  await h.app.deps.connectors.cloudDrive.completeLink({
    code: back.searchParams.get('code') ?? '',
    state: back.searchParams.get('state') ?? '',
  });
});
afterAll(async () => {
  await h.app.deps.sources.stop();
  rmSync(notesDir, { recursive: true, force: true });
  await h.close();
  await llm.close();
  await drive.close();
});

describe('every HTTP operation', () => {
  it('has a step in the walk', () => {
    const routed = OPERATIONS.filter((op) => op.http).map((op) => op.name);
    expect(routed.filter((name) => !WALK.some(([op]) => op === name))).toEqual([]);
  });

  it('answers a valid request with a success that matches its declared output schema', async () => {
    const problems: string[] = [];
    const saved: Saved = {};
    for (const [name, method, url, body] of WALK) {
      const op = OPERATIONS.find((o) => o.name === name);
      expect(op?.http?.method, name).toBe(method);
      const response = await h.api(method, typeof url === 'function' ? url(saved) : url, body);
      saved[name] = response.json;
      if (response.status >= 300) {
        problems.push(`${name}: ${response.status} ${JSON.stringify(response.json).slice(0, 300)}`);
        continue;
      }
      const checked = op && faceOutputSchema(op, 'http').safeParse(response.json);
      if (!checked?.success) problems.push(`${name}: ${checked?.error.message.slice(0, 300)}`);
    }
    expect(problems).toEqual([]);
  });
});
