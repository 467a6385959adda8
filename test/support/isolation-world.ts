// Two accounts in one service for the isolation matrix (issue 27): A is the default account, B the
// `[accounts.b]` table, each signed in at the fake platform as its own user (the fake tells them apart by
// access token). B gets one of everything through the real faces acting as B (the HTTP API with
// X-App-Account: b, and B's tool server): drafts (a post, a thread, a published one), a scheduled post and
// its posting job, approval items (a composed post and a tool call routed to review), media uploads, notes,
// mutation audit rows, a linked cloud drive connection, Discovery Feed rows, platform posts, bookmarks, a
// list and a direct message. `snapshotB()` reads everything of B's: every row of every table with an
// `account_id` (and B's `accounts` row), and what B's user has at the fake platform.

import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AccountApp } from '../../src/app/wiring/create-app.js';
import { runPostingQueue } from '../../src/core/gateway/publish-job.js';
import { accountDataPaths } from '../../src/infra/config/config-paths.js';
import { storeFakeLogin } from '../../src/infra/sandbox/store-fake-login.js';
import { type FakeDrive, startFakeDrive } from '../fakes/drive/index.js';
import { type FakeLlm, startFakeLlm } from '../fakes/llm/index.js';
import { connectTools, type ToolClient } from './app-harness.js';
import { type HttpHarness, startHttpHarness } from './http-harness.js';
import { writeMedia } from './media-files.js';
import { sqliteOf } from './sqlite-of.js';

/** Words only B's private things carry (drafts, approvals, notes, media names, job payloads, audit params). */
export const B_PRIVATE = ['Quokka', 'Narwhal', 'Axolotl', 'Pangolin', 'Okapi', 'Tapir'] as const;
/** A word B's public posts carry (they are on the platform for anyone to read; never in A's rows). */
export const B_PUBLIC = 'Capybara';
/** A word in a third user's post only B's discovery stored. */
export const B_FOUND = 'Wombat';

/** The fake's seeded ads account (A's user owns it) and B's user's own. */
export const A_ADS = '18ce54d4x5t';
export const B_ADS = 'b0b0b0b0';

export const AS_B = { headers: { 'x-app-account': 'b' } } as const;

/** B's ids, as A would have to guess them. */
export interface BIds {
  user: string;
  username: string;
  /** Draft ids: a post, a thread, the one scheduled, the one published. */
  drafts: { post: number; thread: number; scheduled: number; published: number };
  revision: number;
  approvals: { composed: number; tool: number };
  job: number;
  media: { id: string; path: string; fileName: string; platformId: string };
  note: number;
  source: number;
  /** A correlation id of B's mutation audit (a tool call B made). */
  correlation: string;
  connection: number;
  /** The post B's discovery stored (a third user's) and B's own posts at the platform. */
  discovered: string;
  tweets: string[];
  list: string;
  ads: string;
  dmConversation: string;
}

export interface IsolationWorld {
  h: HttpHarness;
  llm: FakeLlm;
  drive: FakeDrive;
  a: AccountApp;
  b: AccountApp;
  aUser: string;
  ids: BIds;
  /** B's tool server (what seeded B's tool calls). */
  bTools: ToolClient;
  snapshotB(): Promise<BSnapshot>;
  /** Posts A's user has at the fake that carry B's words (none, ever). */
  aPostsWithBWords(): string[];
  close(): Promise<void>;
}

export interface BSnapshot {
  rows: Record<string, string[]>;
  platform: Record<string, unknown>;
}

const B_USERNAME = 'b_account';
/** B's profile picture: a PNG with bytes of B's own after its end, so A's picture is told apart. */
export const B_PICTURE = Buffer.concat([
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
  Buffer.from('Bee picture'),
]);

export async function startIsolationWorld(): Promise<IsolationWorld> {
  const llm = await startFakeLlm();
  llm.script.reply('Ship small.\n---\nWrite down why.', { times: Number.POSITIVE_INFINITY });
  const drive = await startFakeDrive();
  const h = await startHttpHarness(
    {
      business: { product_name: 'Acme', product_keywords: ['changelog'] },
      llm: { provider: 'openai', api_key: 'sk-test', base_url: llm.openaiBaseUrl },
      connectors: { cloud_drive: drive.connectorConfig() },
      // A's tool calls act at once (no review, no hourly cap in a matrix of a hundred calls), so the
      // platform itself answers each call naming B's things; B's like still goes to review.
      mcp_policy: { require_approval_for: [], max_mutations_per_hour: 10_000 },
      accounts: {
        b: {
          display_name: 'Bee',
          approval_mode: true,
          mcp_policy: { require_approval_for: ['social_like_tweet'] },
          business: { product_name: 'Beeline', product_keywords: [B_FOUND.toLowerCase()] },
        },
      },
    },
    { tier: 'enterprise' },
  );
  const [a, b] = h.app.accounts as [AccountApp, AccountApp];
  // B signs in at the fake as its own user, into its own tokens file (as `app auth --account b` would).
  const [bUser] = h.fake.state.seed({ users: [{ username: B_USERNAME, name: 'Bee Account' }] }).users;
  if (!bUser) throw new Error('the fake made no user for B');
  storeFakeLogin(h.fake, accountDataPaths(a.deps.paths, { id: b.id }).tokensPath, {
    userId: bUser,
  });
  const aUser = (await a.deps.social.read.getMe()).id;
  if (aUser === bUser) throw new Error('A and B are the same user at the fake');
  // Each user has an ads account of its own at the platform (A's is the fake's seeded one).
  const seeded = h.fake.state.ads.accounts.get(A_ADS);
  if (!seeded) throw new Error('the fake has no seeded ads account');
  h.fake.state.ads.accounts.set(B_ADS, { ...seeded, id: B_ADS, name: `${B_PRIVATE[3]} Ads` });
  h.fake.state.ads.accountOwners.set(B_ADS, bUser);
  h.fake.state.enableAds(aUser);
  h.fake.state.enableAds(bUser);
  const tools = await connectToolsFor(b, 'admin');
  const ids = await seedB(h, b, tools, bUser);
  // Every id must be there: a matrix over a missing id would pass for nothing.
  const empty = Object.entries(flatten(ids)).filter(
    ([, value]) => value === undefined || value === '' || value === null,
  );
  if (empty.length > 0) throw new Error(`seeding B left no id for ${empty.map(([key]) => key).join(', ')}`);
  return {
    h,
    llm,
    drive,
    a,
    b,
    aUser,
    ids,
    bTools: tools,
    snapshotB: async () => {
      // B's own tool calls are counted in a buffer: written first, so the rows compared are all there.
      await b.deps.telemetry.flush();
      return snapshotB(h, b.id, bUser);
    },
    aPostsWithBWords: () =>
      [...h.fake.state.tweets.values()]
        .filter((t) => t.authorId === aUser)
        .filter((t) => [...B_PRIVATE, B_PUBLIC].some((word) => t.text.includes(word)))
        .map((t) => t.text),
    async close() {
      await tools.close();
      await h.close();
      await llm.close();
      await drive.close();
    },
  };
}

/** A tool server over one account's parts (the harness's connectTools serves the default account). */
export async function connectToolsFor(account: AccountApp, profile: 'admin' | 'write'): Promise<ToolClient> {
  return connectTools({ deps: account.deps } as Parameters<typeof connectTools>[0], profile);
}

async function ok<T>(what: string, call: Promise<{ status: number; json: T }>): Promise<T> {
  const response = await call;
  if (response.status >= 300)
    throw new Error(`seeding B: ${what} answered ${response.status}: ${JSON.stringify(response.json)}`);
  return response.json;
}

async function seedB(h: HttpHarness, b: AccountApp, tools: ToolClient, user: string): Promise<BIds> {
  // biome-ignore lint/suspicious/noExplicitAny: seeding reads whatever each route answered.
  const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown): Promise<any> =>
    ok(`${method} ${url}`, h.api(method, url, body, AS_B));

  // Media: an upload through the multipart route, as B.
  const file = writeMedia(join(h.home.dir, 'okapi.png'), 'png');
  const form = new FormData();
  form.set('file', new Blob([readFileSync(file)]), 'Okapi-private.png');
  const uploaded = await h.server.inject({
    method: 'POST',
    url: '/api/media/upload',
    headers: { host: '127.0.0.1:3001', authorization: `Bearer ${h.token}`, 'x-app-account': 'b' },
    payload: form,
  });
  if (uploaded.statusCode !== 201) throw new Error(`seeding B: upload answered ${uploaded.statusCode}`);
  const media = uploaded.json() as { id: string; path: string; file_name: string };

  const post = await api('POST', '/api/content/drafts', {
    content: `${B_PRIVATE[0]} plans for the launch`,
    tags: ['quokka-tag'],
    notes: `${B_PRIVATE[1]} notes`,
    media_paths: [media.path],
  });
  await api('PATCH', `/api/content/drafts/${post.id}`, {
    content: `${B_PRIVATE[0]} plans, second take`,
    version: 1,
  });
  const revisions = await api('GET', `/api/content/drafts/${post.id}/revisions`);
  const thread = await api('POST', '/api/content/drafts', {
    content_type: 'thread',
    blocks: [
      { id: randomUUID(), text: `${B_PRIVATE[2]} thread, one`, media_paths: [], order: 0 },
      { id: randomUUID(), text: `${B_PRIVATE[2]} thread, two`, media_paths: [], order: 1 },
    ],
  });
  const scheduled = await api('POST', '/api/content/drafts', { content: `${B_PRIVATE[3]} for tomorrow` });
  // B's approval mode queues the schedule for review; approved, it is a posting job for tomorrow.
  const queued = await api('POST', `/api/content/drafts/${scheduled.id}/schedule`, {
    scheduled_for: '2026-11-23T10:00:00',
  });
  const job = await api('POST', `/api/approval/${queued.approval_id}/approve`, {});
  // A composed post waits for review (B's approval mode is on).
  const composed = await api('POST', '/api/content/compose', {
    content_type: 'tweet',
    content: `${B_PRIVATE[4]} for review`,
  });
  // Notes, through the ingest API.
  await api('POST', '/api/ingest', {
    inline_nodes: [
      {
        relative_path: 'ideas/launch.md',
        body_text: `# ${B_PRIVATE[5]}\nA private idea.`,
        title: `${B_PRIVATE[5]} idea`,
      },
    ],
  });
  const notes = await api('GET', `/api/notes?q=${B_PRIVATE[5]}`);
  const sources = await api('GET', '/api/sources');

  // B's public side: a published post (through its draft, approved, then the posting queue as B) and a
  // platform post, bookmark, list and direct message through B's tools.
  const published = await api('POST', '/api/content/drafts', { content: `${B_PUBLIC} is out` });
  const submitted = await api('POST', `/api/content/drafts/${published.id}/publish`);
  if (submitted.approval_id) await api('POST', `/api/approval/${submitted.approval_id}/approve`, {});
  await runPostingQueue(b.deps.publisher);

  const call = async (name: string, args: Record<string, unknown>) => {
    const answer = await tools.call(name, args);
    if (answer.isError) throw new Error(`seeding B: ${name} answered ${JSON.stringify(answer)}`);
    return answer;
  };
  const [found] = h.fake.state.seed({
    // Off A's keywords: only B's discovery finds it.
    tweets: [{ author_username: 'rust_rob', text: `${B_FOUND} keeps a diary`, minutes_ago: 3 }],
  }).tweets;
  await call('find_reply_opportunities', { query: B_FOUND, min_score: 0 });
  const bookmark = await call('social_bookmark_tweet', { tweet_id: found });
  // A like is routed to review by B's policy: an approval item of a tool call.
  await call('social_like_tweet', { tweet_id: found });
  await call('social_upload_media', { file_path: media.path });
  const list = await call('social_v2_lists_create', { name: `${B_PUBLIC} list`, description: 'public' });
  await call('social_v2_dm_send_to_participant', { participant_id: '1002', text: `${B_PRIVATE[1]} hello` });

  // A cloud drive linked by B: started over the API as B, the browser's consent, then B's connector
  // completes it (the public callback route completes links of the default account only).
  const link = await api('POST', '/api/connectors/cloud-drive/link', { force: true });
  const back = new URL(
    (await fetch(link.authorization_url, { redirect: 'manual' })).headers.get('location') ?? '',
  );
  const connection = await b.deps.connectors.cloudDrive.completeLink({
    code: back.searchParams.get('code') ?? '',
    state: back.searchParams.get('state') ?? '',
  });
  // B's profile, kept with its picture.
  h.fake.state.setProfile(user, { picture: { bytes: B_PICTURE, contentType: 'image/png' } });
  await api('GET', '/api/account/profile');

  const sqlite = sqliteOf(h.app.deps.database).sqlite;
  const one = <T>(sql: string, ...args: unknown[]) => sqlite.prepare(sql).get(...args) as T;
  const tweets = [...h.fake.state.tweets.values()].filter((t) => t.authorId === user).map((t) => t.id);
  const dm = [...h.fake.state.dmConversations.values()].find((c) => c.participantIds.includes(user));
  const platformMedia = [...h.fake.state.media.values()].find((m) => m.ownerId === user);
  return {
    user,
    username: B_USERNAME,
    drafts: { post: post.id, thread: thread.id, scheduled: scheduled.id, published: published.id },
    revision: revisions.items.at(-1).id,
    approvals: {
      composed: composed.approval_id,
      tool: one<{ id: number }>(
        "select id from approval_queue where account_id = ? and tool_name = 'social_like_tweet'",
        b.id,
      ).id,
    },
    job: job.job_id,
    media: {
      id: media.id,
      path: media.path,
      fileName: media.file_name,
      platformId: platformMedia?.id ?? '',
    },
    note: notes.items[0].id,
    source: sources.sources.find((s: { source_type: string }) => s.source_type === 'manual').id,
    correlation: String(bookmark.meta?.correlation_id ?? ''),
    connection: connection.id,
    discovered: found ?? '',
    tweets,
    list: list.data?.data?.id ?? list.data?.id,
    ads: B_ADS,
    dmConversation: dm?.id ?? '',
  };
}

function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  if (value === null || typeof value !== 'object') return { [prefix]: value };
  return Object.assign(
    {},
    ...Object.entries(value).map(([key, inner]) => flatten(inner, prefix ? `${prefix}.${key}` : key)),
  );
}

function snapshotB(h: HttpHarness, accountId: string, user: string): BSnapshot {
  const sqlite = sqliteOf(h.app.deps.database).sqlite;
  const tables = (
    sqlite.prepare("select name from sqlite_master where type = 'table'").all() as Array<{ name: string }>
  )
    .map((t) => t.name)
    .filter((name) =>
      (sqlite.prepare(`pragma table_info("${name}")`).all() as Array<{ name: string }>).some(
        (column) => column.name === 'account_id',
      ),
    );
  const rows: Record<string, string[]> = {};
  for (const table of tables) {
    rows[table] = (
      sqlite.prepare(`select * from "${table}" where account_id = ?`).all(accountId) as unknown[]
    )
      .map((row) => JSON.stringify(row))
      .sort();
  }
  rows.accounts = [JSON.stringify(sqlite.prepare('select * from accounts where id = ?').get(accountId))];
  const state = h.fake.state;
  const platform = {
    user: state.users.get(user),
    tweets: [...state.tweets.values()].filter((t) => t.authorId === user),
    likes: state.likes.of(user),
    bookmarks: state.bookmarks.of(user),
    follows: state.follows.of(user),
    pendingFollows: state.pendingFollows.of(user),
    mutes: state.mutes.of(user),
    blocks: state.blocks.of(user),
    pinnedLists: state.pinnedLists.of(user),
    lists: [...state.lists.values()]
      .filter((l) => l.ownerId === user)
      .map((l) => ({ ...l, members: [...l.members], followers: [...l.followers] })),
    // What B's user sent; a message A's user sends B is A's own doing at the platform.
    dms: state.dmEvents.filter((e) => e.senderId === user),
    ads: [...state.ads.accounts.values()].filter((x) => state.ads.accountOwners.get(x.id) === user),
    media: [...state.media.values()].filter((m) => m.ownerId === user),
  };
  return { rows, platform: JSON.parse(JSON.stringify(platform)) };
}
