// Tests for migrations/0001_initial.sql: account scoping on every table, foreign keys and cascades,
// JSON and enum CHECKs, defaults, and that the listed hot queries are served by an index.
import type { Database } from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ACCOUNT_ID } from '../../contracts/account.js';
import { type AppDatabase, openDatabase } from './open-database.js';
import { DB_TIMESTAMP_PATTERN } from './timestamps.js';

const TABLES = [
  'account_pacing',
  'account_profile',
  'accounts',
  'action_log',
  'api_charged_resources',
  'api_mentions',
  'api_usage',
  'app_state',
  'approval_edits',
  'approval_queue',
  'connections',
  'content_chunks',
  'content_nodes',
  'content_scores',
  'cursors',
  'discovered_tweets',
  'draft_activity',
  'draft_revisions',
  'draft_seeds',
  'draft_tags',
  'drafts',
  'follower_snapshots',
  'llm_usage',
  'login_failures',
  'mcp_telemetry',
  'media_files',
  'media_uploads',
  'mutation_audit',
  'outbox',
  'paced_actions',
  'post_metrics',
  'posting_jobs',
  'posts',
  'provenance_links',
  'rate_events',
  'schema_migrations',
  'sessions',
  'source_errors',
  'sources',
  'tags',
  'target_accounts',
  'worker_heartbeats',
];

let database: AppDatabase;
let sqlite: Database;

function insertDraft(content = 'text'): number {
  return Number(sqlite.prepare('INSERT INTO drafts (content) VALUES (?)').run(content).lastInsertRowid);
}

function count(table: string): number {
  return sqlite.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
}

function plan(query: string): string {
  const rows = sqlite.prepare(`EXPLAIN QUERY PLAN ${query}`).all() as { detail: string }[];
  return rows.map((row) => row.detail).join(' | ');
}

beforeEach(() => {
  database = openDatabase({ path: ':memory:' });
  sqlite = database.sqlite;
});

afterEach(async () => {
  await database.close();
});

describe('0001_initial schema', () => {
  it('creates exactly the expected tables', () => {
    const names = sqlite
      .prepare(
        "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .pluck()
      .all();
    expect(names).toEqual(TABLES);
  });

  it('seeds the default account', () => {
    expect(sqlite.prepare('SELECT id, label, status FROM accounts').all()).toEqual([
      { id: DEFAULT_ACCOUNT_ID, label: 'default', status: 'active' },
    ]);
  });

  it('scopes every table to an account, defaulting to the default account', () => {
    // The deployment's own bookkeeping (migrations, the job engine's processes) belongs to no account.
    const service = ['schema_migrations', 'accounts', 'worker_heartbeats'];
    for (const table of TABLES.filter((t) => !service.includes(t))) {
      const columns = sqlite.pragma(`table_info(${table})`) as {
        name: string;
        notnull: number;
        dflt_value: string;
      }[];
      const accountId = columns.find((c) => c.name === 'account_id');
      expect(accountId, table).toMatchObject({ notnull: 1, dflt_value: `'${DEFAULT_ACCOUNT_ID}'` });
      const keys = sqlite.pragma(`foreign_key_list(${table})`) as {
        table: string;
        from: string;
        to: string;
      }[];
      expect(keys, table).toContainEqual(
        expect.objectContaining({ table: 'accounts', from: 'account_id', to: 'id' }),
      );
    }
  });

  it('refuses rows for an unknown account', () => {
    expect(() =>
      sqlite.prepare("INSERT INTO drafts (account_id, content) VALUES ('no-such-account', 'x')").run(),
    ).toThrow(/FOREIGN KEY/);
  });

  it('refuses a revision for a missing draft', () => {
    expect(() =>
      sqlite
        .prepare(
          "INSERT INTO draft_revisions (draft_id, draft_version, content_type, content, trigger) VALUES (999, 1, 'tweet', 'x', 'manual')",
        )
        .run(),
    ).toThrow(/FOREIGN KEY/);
  });

  it('deletes revisions, tags and activity with their draft, and detaches approvals and jobs', () => {
    const draftId = insertDraft();
    sqlite
      .prepare(
        "INSERT INTO draft_revisions (draft_id, draft_version, content_type, content, trigger) VALUES (?, 1, 'tweet', 'x', 'created')",
      )
      .run(draftId);
    const tagId = sqlite.prepare("INSERT INTO tags (name) VALUES ('launch')").run().lastInsertRowid;
    sqlite.prepare('INSERT INTO draft_tags (draft_id, tag_id) VALUES (?, ?)').run(draftId, tagId);
    sqlite.prepare("INSERT INTO draft_activity (draft_id, action) VALUES (?, 'created')").run(draftId);
    sqlite
      .prepare(
        "INSERT INTO approval_queue (action_type, payload, origin, draft_id) VALUES ('tweet', '{}', 'http', ?)",
      )
      .run(draftId);
    sqlite
      .prepare(
        "INSERT INTO posting_jobs (kind, payload, origin_type, draft_id) VALUES ('tweet', '{}', 'draft', ?)",
      )
      .run(draftId);

    sqlite.prepare('DELETE FROM drafts WHERE id = ?').run(draftId);

    expect(count('draft_revisions')).toBe(0);
    expect(count('draft_tags')).toBe(0);
    expect(count('draft_activity')).toBe(0);
    expect(count('tags')).toBe(1);
    expect(sqlite.prepare('SELECT draft_id FROM approval_queue').pluck().all()).toEqual([null]);
    expect(sqlite.prepare('SELECT draft_id FROM posting_jobs').pluck().all()).toEqual([null]);
  });

  it('rejects invalid JSON in JSON columns', () => {
    const draftId = insertDraft();
    const attempts: [string, unknown[]][] = [
      ["INSERT INTO drafts (content, media_paths) VALUES ('x', ?)", ['not json']],
      ["INSERT INTO drafts (content, media_paths) VALUES ('x', ?)", ['{"a":1}']],
      ['UPDATE drafts SET posted_tweet_ids = ? WHERE id = ?', ['[1,', draftId]],
      ["INSERT INTO draft_activity (draft_id, action, detail) VALUES (?, 'x', ?)", [draftId, '{oops}']],
      ["INSERT INTO approval_queue (action_type, payload, origin) VALUES ('tweet', ?, 'mcp')", ['{"text":']],
      ["INSERT INTO action_log (action_type, metadata) VALUES ('x', ?)", ['[]']],
      ["INSERT INTO sources (source_type, source_key, config) VALUES ('manual', 'k', ?)", ['nope']],
    ];
    for (const [query, params] of attempts) {
      expect(() => sqlite.prepare(query).run(...params), query).toThrow(/CHECK constraint failed/);
    }
    sqlite.prepare('UPDATE drafts SET posted_tweet_ids = \'["1","2"]\' WHERE id = ?').run(draftId);
  });

  it('rejects unknown enum values and values of the wrong type', () => {
    expect(() => sqlite.prepare("INSERT INTO drafts (content, status) VALUES ('x', 'bogus')").run()).toThrow(
      /CHECK/,
    );
    expect(() => sqlite.prepare("INSERT INTO drafts (content, version) VALUES ('x', 'abc')").run()).toThrow(
      /cannot store TEXT value in INTEGER column/,
    );
    expect(() =>
      sqlite.prepare("INSERT INTO drafts (content, status) VALUES ('x', 'scheduled')").run(),
    ).toThrow(/CHECK/);
  });

  it('fills defaults in the stored timestamp format', () => {
    const draftId = insertDraft();
    const row = sqlite.prepare('SELECT * FROM drafts WHERE id = ?').get(draftId) as Record<string, unknown>;
    expect(row).toMatchObject({ content_type: 'tweet', status: 'draft', source: 'manual', version: 1 });
    expect(row.media_paths).toBe('[]');
    expect(row.created_at).toMatch(DB_TIMESTAMP_PATTERN);
    expect(row.updated_at).toMatch(DB_TIMESTAMP_PATTERN);
  });

  it('treats tag names and target handles case-insensitively', () => {
    sqlite.prepare("INSERT INTO tags (name) VALUES ('Launch')").run();
    expect(() => sqlite.prepare("INSERT INTO tags (name) VALUES ('launch')").run()).toThrow(/UNIQUE/);
    sqlite.prepare("INSERT INTO target_accounts (username) VALUES ('SomeOne')").run();
    expect(
      sqlite.prepare("SELECT count(*) FROM target_accounts WHERE username = 'someone'").pluck().get(),
    ).toBe(1);
  });

  it('allows one live posting job per draft', () => {
    const draftId = insertDraft();
    const enqueue = sqlite.prepare(
      "INSERT INTO posting_jobs (kind, payload, origin_type, draft_id) VALUES ('tweet', '{}', 'draft', ?)",
    );
    const first = enqueue.run(draftId).lastInsertRowid;
    expect(() => enqueue.run(draftId)).toThrow(/UNIQUE/);
    sqlite.prepare("UPDATE posting_jobs SET status = 'failed' WHERE id = ?").run(first);
    expect(() => enqueue.run(draftId)).not.toThrow();
  });

  it('keeps one outbox row per job card and per idempotency key', () => {
    const jobId = sqlite
      .prepare("INSERT INTO posting_jobs (kind, payload, origin_type) VALUES ('thread', '{}', 'compose')")
      .run().lastInsertRowid;
    const add = sqlite.prepare(
      "INSERT INTO outbox (job_id, card_index, idempotency_key, operation, request) VALUES (?, ?, ?, 'create_tweet', '{}')",
    );
    add.run(jobId, 0, 'k0');
    expect(() => add.run(jobId, 0, 'k0-again')).toThrow(/UNIQUE/);
    expect(() => add.run(jobId, 1, 'k0')).toThrow(/UNIQUE/);
    add.run(null, 0, 'standalone-1');
    add.run(null, 0, 'standalone-2');
    sqlite.prepare('DELETE FROM posting_jobs WHERE id = ?').run(jobId);
    expect(count('outbox')).toBe(2);
  });

  it('drops a post’s metrics with the post', () => {
    sqlite.prepare("INSERT INTO posts (tweet_id, kind, text) VALUES ('t1', 'tweet', 'hi')").run();
    sqlite.prepare("INSERT INTO post_metrics (tweet_id, likes) VALUES ('t1', 3)").run();
    sqlite.prepare("DELETE FROM posts WHERE tweet_id = 't1'").run();
    expect(count('post_metrics')).toBe(0);
  });

  it('serves the hot queries from indexes', () => {
    const cases: [string, RegExp][] = [
      [
        "SELECT * FROM drafts WHERE account_id = 'a' AND archived_at IS NULL AND status = 'draft' ORDER BY updated_at DESC",
        /USING INDEX drafts_listing/,
      ],
      [
        'SELECT * FROM draft_revisions WHERE draft_id = 1 ORDER BY created_at DESC',
        /draft_revisions_by_draft/,
      ],
      [
        "SELECT * FROM approval_queue WHERE account_id = 'a' AND status = 'pending' ORDER BY created_at",
        /approval_queue_by_status/,
      ],
      [
        "SELECT * FROM posting_jobs WHERE status = 'queued' AND scheduled_for <= '2030-01-01'",
        /posting_jobs_due/,
      ],
      ["SELECT * FROM outbox WHERE status = 'in_doubt'", /outbox_by_status/],
      [
        "SELECT count(*) FROM rate_events WHERE account_id = 'a' AND action = 'reply' AND created_at >= '2030'",
        /rate_events_window/,
      ],
      [
        "SELECT * FROM posts WHERE account_id = 'a' AND target_author_id = 'u' AND posted_at >= '2030'",
        /posts_by_author/,
      ],
      ["SELECT * FROM discovered_tweets WHERE account_id = 'a' ORDER BY score DESC LIMIT 10", /by_score/],
      [
        "SELECT * FROM mutation_audit WHERE account_id = 'a' AND tool_name = 't' AND params_hash = 'h' AND created_at >= '2030'",
        /mutation_audit_dedupe/,
      ],
      ["SELECT * FROM api_usage WHERE account_id = 'a' AND created_at >= '2030'", /api_usage_by_time/],
    ];
    for (const [query, index] of cases) expect(plan(query), query).toMatch(index);
  });
});
