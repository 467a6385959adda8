// What the shape test cannot see: the translated rules behave as SQLite's. The same writes are accepted or
// refused the same way by both stores (JSON and enum checks, case-insensitive names, the actor pattern,
// keys), searches find the same notes and posts (FTS5 there, GIN indexes here), and migration 0009 turns
// stored fragment texts into spans in Postgres too, its keys made again.
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { chunkMarkdown } from '../../src/core/domain/chunk-markdown.js';
import { packagePath } from '../../src/infra/package-root.js';
import { applyPostgresMigrations } from '../../src/infra/postgres/migrate.js';
import { applyMigrations } from '../../src/infra/sqlite/migrate.js';
import { createTestDatabase, setupOnce, type TestDatabase } from '../support/postgres.js';

const stores = setupOnce(async () => {
  const database = await createTestDatabase();
  const client = await migratedSchema(database, 'shipped');
  const sqlite = new BetterSqlite3(':memory:');
  sqlite.pragma('foreign_keys = ON');
  applyMigrations(sqlite);
  return { database, client, sqlite };
});

/** A connection working in a schema of its own, migrated with the files of `dir`. */
async function migratedSchema(database: TestDatabase, schema: string, dir?: string): Promise<pg.Client> {
  const connection = await database.connect();
  await connection.query(`CREATE SCHEMA ${schema}; SET search_path TO ${schema}`);
  await applyPostgresMigrations(connection, dir);
  return connection;
}

afterAll(async () => {
  const built = await stores.ifBuilt();
  if (!built) return;
  built.sqlite.close();
  await built.client.end();
  await built.database.dispose();
});

type Verdict = 'ok' | 'check' | 'unique' | 'foreign key' | 'not null' | 'type';

function sqliteVerdict(error: unknown): Verdict {
  const message = error instanceof Error ? error.message : String(error);
  if (message.includes('CHECK constraint failed')) return 'check';
  if (message.includes('UNIQUE constraint failed')) return 'unique';
  if (message.includes('FOREIGN KEY constraint failed')) return 'foreign key';
  if (message.includes('NOT NULL constraint failed')) return 'not null';
  if (message.includes('cannot store')) return 'type';
  throw error;
}

const PG_VERDICTS: Record<string, Verdict> = {
  '23514': 'check',
  '23505': 'unique',
  '23503': 'foreign key',
  '23502': 'not null',
  '22P02': 'type',
};

function postgresVerdict(error: unknown): Verdict {
  const verdict = PG_VERDICTS[(error as { code?: string }).code ?? ''];
  if (!verdict) throw error;
  return verdict;
}

/** `?` placeholders as Postgres numbers them. */
const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

const DRAFT = "INSERT INTO drafts (id, content) VALUES (1, 'x')";
const NOTE = [
  "INSERT INTO sources (id, source_type, source_key) VALUES (1, 'local_fs', 'vault')",
  "INSERT INTO content_nodes (id, source_id, relative_path, content_hash) VALUES (1, 1, 'a.md', 'h')",
];
const LIVE_JOB =
  "INSERT INTO posting_jobs (kind, payload, origin_type, draft_id) VALUES ('tweet', '{}', 'draft', 1)";

// Each statement with the values it is tried with: what the value is, and the verdict both stores must give.
const WRITES: { setup?: string[]; sql: string; tries: [string, unknown, Verdict][] }[] = [
  {
    sql: "INSERT INTO drafts (content, media_paths) VALUES ('x', ?)",
    tries: [
      ['media paths that are not JSON', 'nope', 'check'],
      ['media paths that are an object', '{"a":1}', 'check'],
      ['media paths that are an array', '["a.png"]', 'ok'],
    ],
  },
  {
    sql: "INSERT INTO drafts (content, posted_tweet_ids) VALUES ('x', ?)",
    tries: [
      ['malformed posted ids', '[1,', 'check'],
      ['no posted ids', null, 'ok'],
    ],
  },
  {
    sql: "INSERT INTO drafts (content, status) VALUES ('x', ?)",
    tries: [
      ['an unknown draft status', 'bogus', 'check'],
      ['scheduled without a time', 'scheduled', 'check'],
    ],
  },
  {
    sql: "INSERT INTO drafts (content, version) VALUES ('x', ?)",
    tries: [['a version that is text', 'abc', 'type']],
  },
  {
    sql: "INSERT INTO drafts (content, content_type) VALUES ('x', ?)",
    tries: [['no content type', null, 'not null']],
  },
  {
    sql: "INSERT INTO drafts (account_id, content) VALUES (?, 'x')",
    tries: [['a draft of an unknown account', 'no-such-account', 'foreign key']],
  },
  {
    setup: [DRAFT],
    sql: "INSERT INTO draft_activity (draft_id, action, detail) VALUES (1, 'x', ?)",
    tries: [['malformed activity detail', '{oops}', 'check']],
  },
  {
    sql: "INSERT INTO approval_queue (action_type, payload, origin) VALUES ('tweet', ?, 'mcp')",
    tries: [['a truncated payload', '{"text":', 'check']],
  },
  {
    sql: "INSERT INTO action_log (action_type, metadata) VALUES ('x', ?)",
    tries: [['metadata that is an array', '[]', 'check']],
  },
  {
    setup: ["INSERT INTO tags (name) VALUES ('Launch')"],
    sql: 'INSERT INTO tags (name) VALUES (?)',
    tries: [
      ['a blank tag', '  ', 'check'],
      ['a tag differing only in case', 'launch', 'unique'],
      ['another tag', 'launches', 'ok'],
    ],
  },
  {
    setup: ["INSERT INTO target_accounts (username) VALUES ('SomeOne')"],
    sql: 'INSERT INTO target_accounts (username) VALUES (?)',
    tries: [['a handle differing only in case', 'someone', 'unique']],
  },
  {
    sql: "INSERT INTO posting_jobs (kind, payload, origin_type, actor) VALUES ('tweet', '{}', 'loop', ?)",
    tries: [
      ['a named loop as actor', 'loop:discovery', 'ok'],
      ['a loop without a name as actor', 'loop:', 'check'],
      ['a capitalised loop name as actor', 'loop:Discovery', 'check'],
      ['an unknown actor', 'robot', 'check'],
    ],
  },
  {
    sql: "INSERT INTO api_usage (host, method, endpoint, actor) VALUES ('h', 'GET', '/2/x', ?)",
    tries: [
      ['a call made by no actor', null, 'ok'],
      ['a call made by a loop', 'loop:mentions', 'ok'],
    ],
  },
  {
    sql: "INSERT INTO account_profile (user_id, username, display_name, picture, fetched_at) VALUES ('u', 'n', 'd', ?, 't')",
    tries: [['a picture without its type', Buffer.from([1, 2]), 'check']],
  },
  {
    setup: [DRAFT, LIVE_JOB],
    sql: "INSERT INTO posting_jobs (kind, payload, origin_type, draft_id, status) VALUES ('tweet', '{}', 'draft', 1, ?)",
    tries: [
      ['a second live job for a draft', 'queued', 'unique'],
      ['a finished job beside the live one', 'posted', 'ok'],
    ],
  },
  {
    sql: 'INSERT INTO post_metrics (tweet_id) VALUES (?)',
    tries: [['metrics of no post', 't1', 'foreign key']],
  },
  {
    setup: NOTE,
    sql: "INSERT INTO content_chunks (node_id, chunk_start, chunk_end, chunk_hash, chunk_index) VALUES (1, 5, ?, 'h', 0)",
    tries: [
      ['a fragment ending before it starts', 4, 'check'],
      ['a fragment of one character', 6, 'ok'],
    ],
  },
];

const TRIES = WRITES.flatMap(({ setup = [], sql, tries }) =>
  tries.map(([what, value, verdict]) => ({ what, setup, sql, value, verdict })),
);

describe('writes', () => {
  it.each(TRIES)('$what: the same verdict in both stores', async ({ setup, sql, value, verdict }) => {
    const { sqlite, client } = await stores.get();
    let fromSqlite: Verdict = 'ok';
    sqlite.exec('BEGIN');
    try {
      for (const step of setup) sqlite.exec(step);
      sqlite.prepare(sql).run(value);
    } catch (error) {
      fromSqlite = sqliteVerdict(error);
    } finally {
      sqlite.exec('ROLLBACK');
    }
    let fromPostgres: Verdict = 'ok';
    await client.query('BEGIN');
    try {
      for (const step of setup) await client.query(step);
      await client.query(numbered(sql), [value]);
    } catch (error) {
      fromPostgres = postgresVerdict(error);
    } finally {
      await client.query('ROLLBACK');
    }
    expect({ sqlite: fromSqlite, postgres: fromPostgres }).toEqual({ sqlite: verdict, postgres: verdict });
  });

  it('finds a handle whatever its case, as SQLite does', async () => {
    const { sqlite, client } = await stores.get();
    await client.query('BEGIN');
    sqlite.exec('BEGIN');
    try {
      const add = "INSERT INTO target_accounts (username) VALUES ('SomeOne')";
      sqlite.exec(add);
      await client.query(add);
      const count = 'SELECT count(*) AS n FROM target_accounts WHERE';
      expect(sqlite.prepare(`${count} username = 'someone'`).get()).toEqual({ n: 1 });
      expect((await client.query(`${count} lower(username) = lower('someone')`)).rows).toEqual([{ n: '1' }]);
    } finally {
      sqlite.exec('ROLLBACK');
      await client.query('ROLLBACK');
    }
  });
});

describe('search', () => {
  const notes: [number, string | null, string][] = [
    [1, 'Café launch', 'We ship the naïve résumé parser.'],
    [2, null, 'Launching soon: a CAFE for developers.'],
    [3, 'Other', 'Nothing to see here.'],
  ];
  const posts: [number, string][] = [
    [1, 'Our café opens today'],
    [2, 'launch day!'],
    [3, 'Résumé tips for developers'],
  ];

  /** A word as each store's repositories would search it; `word*` is a prefix. */
  function sqliteFinds(sqlite: Database, word: string) {
    const match = word.endsWith('*') ? `"${word.slice(0, -1)}"*` : `"${word}"`;
    const ids = (table: string) =>
      sqlite.prepare(`SELECT rowid FROM ${table} WHERE ${table} MATCH ? ORDER BY rowid`).pluck().all(match);
    return { notes: ids('content_nodes_fts'), posts: ids('posts_fts') };
  }

  async function postgresFinds(client: pg.Client, word: string) {
    const query = word.endsWith('*')
      ? "to_tsquery('simple', search_fold($1) || ':*')"
      : "plainto_tsquery('simple', search_fold($1))";
    const ids = async (table: string, document: string) => {
      const sql = `SELECT id::integer FROM ${table} WHERE ${document} @@ ${query} ORDER BY id`;
      return (await client.query(sql, [word.replace(/\*$/, '')])).rows.map((row) => row.id);
    };
    return {
      notes: await ids('content_nodes', 'content_nodes_document(title, body_text)'),
      posts: await ids('posts', 'posts_document(text)'),
    };
  }

  it('finds the same notes and posts for the same words, accents and case folded', async () => {
    const { sqlite, client } = await stores.get();
    const write = [
      (sql: string, params: unknown[]) => sqlite.prepare(sql).run(...params),
      (sql: string, params: unknown[]) => client.query(numbered(sql), params),
    ];
    await client.query('BEGIN');
    sqlite.exec('BEGIN');
    try {
      for (const run of write) {
        await run(NOTE[0] as string, []);
        for (const [id, title, body] of notes) {
          const sql = `INSERT INTO content_nodes (id, source_id, relative_path, content_hash, title, body_text)
            VALUES (?, 1, ?, 'h', ?, ?)`;
          await run(sql, [id, `${id}.md`, title, body]);
        }
        for (const [id, text] of posts) {
          await run("INSERT INTO posts (id, tweet_id, kind, text) VALUES (?, ?, 'tweet', ?)", [
            id,
            `t${id}`,
            text,
          ]);
        }
        // The indexes follow edits and deletes.
        await run("UPDATE content_nodes SET body_text = 'A cafe after all.' WHERE id = 3", []);
        await run('DELETE FROM posts WHERE id = 2', []);
      }
      const words = [
        'cafe',
        'Café',
        'CAFE',
        'resume',
        'naive',
        'launch',
        'laun*',
        'developers',
        'day',
        'missing',
      ];
      for (const word of words)
        expect(await postgresFinds(client, word), word).toEqual(sqliteFinds(sqlite, word));
      expect(sqliteFinds(sqlite, 'cafe')).toEqual({ notes: [1, 2, 3], posts: [1] });
      expect(sqliteFinds(sqlite, 'laun*')).toEqual({ notes: [1, 2], posts: [] });
    } finally {
      sqlite.exec('ROLLBACK');
      await client.query('ROLLBACK');
    }
  });

  it('answers a search from the GIN index', async () => {
    const { client } = await stores.get();
    await client.query('BEGIN');
    try {
      // Tiny tables are cheaper to scan; forbid that to see the index is usable at all.
      await client.query('SET LOCAL enable_seqscan = off');
      const plan = async (sql: string) =>
        (await client.query(`EXPLAIN ${sql}`)).rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(
        await plan(
          "SELECT id FROM content_nodes WHERE content_nodes_document(title, body_text) @@ plainto_tsquery('simple', search_fold('cafe'))",
        ),
      ).toContain('content_nodes_search');
      expect(
        await plan(
          "SELECT id FROM posts WHERE posts_document(text) @@ plainto_tsquery('simple', search_fold('cafe'))",
        ),
      ).toContain('posts_search');
    } finally {
      await client.query('ROLLBACK');
    }
  });
});

describe('migration 0009 on a database written before it', () => {
  it('turns stored fragment texts into spans, keeps their ids and makes the keys into them again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'app-pg-spans-'));
    const shipped = packagePath('migrations', 'postgres');
    for (const name of readdirSync(shipped)) {
      if (Number(name.slice(0, 4)) <= 8) copyFileSync(join(shipped, name), join(dir, name));
    }
    const before = await migratedSchema((await stores.get()).database, 'before_spans', dir);
    try {
      await before.query(NOTE[0] as string);
      const bodies = {
        'crlf.md': '# Launch 🚀\r\nShip it on 🗓 Friday.\r\n\r\n## After\r\nWrite the changelog.\r\n',
        'plain.md': 'Intro\n# Why\nBecause. Because.\n## Again\nBecause.\n',
      };
      const expected: { id: number; text: string }[] = [];
      for (const [path, body] of Object.entries(bodies)) {
        const node = await before.query<{ id: number }>(
          "INSERT INTO content_nodes (source_id, relative_path, content_hash, title, body_text) VALUES (1, $1, 'h', $1, $2) RETURNING id::integer",
          [path, body],
        );
        for (const [index, fragment] of chunkMarkdown(body).entries()) {
          const chunk = await before.query<{ id: number }>(
            'INSERT INTO content_chunks (node_id, heading_path, chunk_text, chunk_hash, chunk_index) VALUES ($1, $2, $3, $4, $5) RETURNING id::integer',
            [node.rows[0]?.id, fragment.headingPath, fragment.text, `hash-${index}`, index],
          );
          expected.push({ id: chunk.rows[0]?.id as number, text: fragment.text });
        }
      }
      // A fragment whose text is no longer in its note: nothing may point at it afterwards.
      const lost = await before.query<{ id: number }>(
        "INSERT INTO content_chunks (node_id, chunk_text, chunk_hash, chunk_index) VALUES (1, 'not in the body', 'h', 9) RETURNING id::integer",
      );
      const seeded = expected[1]?.id;
      await before.query("INSERT INTO draft_seeds (node_id, chunk_id, seed_text) VALUES (1, $1, 'a hook')", [
        seeded,
      ]);
      await before.query("INSERT INTO draft_seeds (node_id, chunk_id, seed_text) VALUES (1, $1, 'lost')", [
        lost.rows[0]?.id,
      ]);
      await before.query(
        "INSERT INTO provenance_links (entity_type, entity_id, node_id, chunk_id) VALUES ('draft', '7', 1, $1)",
        [seeded],
      );

      expect((await applyPostgresMigrations(before)).applied[0]).toBe('0009_fragment_spans.sql');

      // substr takes integers, and BIGINT does not narrow by itself in Postgres.
      const read = await before.query(
        `SELECT c.id::integer AS id, substr(n.body_text, (c.chunk_start + 1)::integer, (c.chunk_end - c.chunk_start)::integer) AS text
         FROM content_chunks c JOIN content_nodes n ON n.id = c.node_id ORDER BY c.id`,
      );
      expect(read.rows).toEqual(expected);
      expect(read.rows.map((row) => row.text)).toContain('Ship it on 🗓 Friday.');
      const crlf = await before.query("SELECT body_text FROM content_nodes WHERE relative_path = 'crlf.md'");
      expect(crlf.rows[0]?.body_text).toBe(bodies['crlf.md'].replaceAll('\r\n', '\n'));
      const seeds = await before.query('SELECT seed_text, chunk_id::integer FROM draft_seeds ORDER BY id');
      expect(seeds.rows).toEqual([
        { seed_text: 'a hook', chunk_id: seeded },
        { seed_text: 'lost', chunk_id: null },
      ]);

      // The keys point at the new table, with their actions, and new fragments are numbered after the kept.
      await expect(before.query('UPDATE draft_seeds SET chunk_id = 999999')).rejects.toMatchObject({
        code: '23503',
      });
      const added = await before.query<{ id: number }>(
        "INSERT INTO content_chunks (node_id, chunk_start, chunk_end, chunk_hash, chunk_index) VALUES (1, 0, 1, 'h', 10) RETURNING id::integer",
      );
      expect(added.rows[0]?.id).toBeGreaterThan(Math.max(...expected.map((e) => e.id)));
      await before.query('DELETE FROM content_chunks WHERE id = $1', [seeded]);
      expect((await before.query('SELECT chunk_id FROM provenance_links')).rows).toEqual([
        { chunk_id: null },
      ]);
      const search = await before.query(
        "SELECT id::integer FROM content_nodes WHERE content_nodes_document(title, body_text) @@ plainto_tsquery('simple', 'changelog')",
      );
      expect(search.rows).toEqual([{ id: 1 }]);
    } finally {
      await before.end();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
