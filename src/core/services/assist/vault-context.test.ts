// Vault context against both stores (SQLite's FTS5, Postgres' full-text search): winning posts (a tenth of the best score or more, recency-weighted, at
// most 5; originals by topic, replies by text), matching notes (FTS, at most 5), the 2000-character cap, and
// every fail-open case.
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORES, testStores } from '../../../../test/support/stores.js';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import { NoteRepository } from '../../../infra/sqlite/repositories/note-repository.js';
import { VaultRepository } from '../../../infra/sqlite/repositories/vault-repository.js';
import type { Store } from '../../../infra/storage/store.js';
import { parseNote } from '../sources/parse-note.js';
import { buildVaultContext, VAULT_BLOCK_MAX, type VaultDeps } from './vault-context.js';

const NOW = new Date('2026-11-22T12:00:00Z');

describe.each(STORES)('vault context (%s)', (dialect) => {
  const stores = testStores(dialect);
  let database: Store;
  beforeEach(async () => {
    database = await stores.open();
    await sql`insert into sources (source_type, source_key) values ('manual', 'manual')`.execute(database.db);
  });

  const deps = (keywords: readonly string[] | (() => readonly string[])): VaultDeps => ({
    vault: new VaultRepository(database, DEFAULT_ACCOUNT_ID),
    clock: { now: () => NOW },
    keywords: typeof keywords === 'function' ? keywords : () => keywords,
  });

  async function post(
    id: number,
    text: string,
    daysAgo: number,
    likes: number,
    impressions = 1000,
    extra: { kind?: string; topic?: string; format?: string } = {},
  ) {
    const at = new Date(NOW.getTime() - daysAgo * 86_400_000).toISOString();
    await sql`insert into posts (tweet_id, kind, text, topic, format, posted_at)
    values (${`p${id}`}, ${extra.kind ?? 'tweet'}, ${text}, ${extra.topic ?? null}, ${extra.format ?? null}, ${at})`.execute(
      database.db,
    );
    await sql`insert into post_metrics (tweet_id, likes, replies, retweets, impressions)
    values (${`p${id}`}, ${likes}, 0, 0, ${impressions})`.execute(database.db);
  }

  /** A note as the pipeline stores it: the note and its fragments (cut at headings). */
  async function note(path: string, title: string, body: string): Promise<number> {
    const saved = await new NoteRepository(database, DEFAULT_ACCOUNT_ID).saveNote(
      {
        sourceId: 1,
        relativePath: path,
        hash: path,
        title,
        body,
        frontMatter: null,
        tags: [],
        fragments: parseNote(body).fragments,
      },
      NOW,
    );
    return saved.id;
  }

  const chunkOf = async (nodeId: number, index = 0) =>
    (
      await database.db
        .selectFrom('content_chunks')
        .select('id')
        .where('node_id', '=', nodeId)
        .where('chunk_index', '=', index)
        .executeTakeFirstOrThrow()
    ).id;

  it('keeps the 5 best posts on the keywords, weighting recent ones up, and matching notes with citations', async () => {
    for (let i = 0; i < 8; i++) await post(i, `Rust tip number ${i}`, i * 10, 100 - i);
    // The account's best score (1500): the tips are a fifth of it, enough to count.
    await post(100, 'Old but viral rust post', 120, 500);
    await post(200, 'Something unrelated', 0, 200);
    const id = await note(
      'notes/cli.md',
      'CLI design',
      'Rust makes small CLI tools pleasant. Error messages matter most.',
    );
    await note('notes/other.md', 'Gardening', 'Tomatoes need sun.');

    const context = await buildVaultContext(deps(['rust', 'cli']));
    expect(context.block).toBeDefined();
    const lines = context.block?.split('\n') ?? [];
    const numbered = lines.filter((l) => /^\d\. \[storytelling\] \(tweet\): "/.test(l));
    expect(numbered).toHaveLength(5);
    expect(context.block).toContain('1. [storytelling] (tweet): "Rust tip number 0"');
    expect(context.block).not.toContain('unrelated');
    // 120 days old: its weight decays below the recent ones despite far more engagement.
    expect(context.block).not.toContain('Old but viral');
    expect(context.block).toContain(
      '(from: CLI design): "Rust makes small CLI tools pleasant. Error messages matter most."',
    );
    expect(context.block).not.toContain('Tomatoes');
    expect(context.citations).toEqual([
      {
        chunk_id: await chunkOf(id),
        node_id: id,
        heading_path: '',
        source_path: 'notes/cli.md',
        source_title: 'CLI design',
        snippet: 'Rust makes small CLI tools pleasant. Error messages matter most.',
        retrieval_boost: 1,
      },
    ]);
  });

  it('never exceeds 2000 characters, skipping entries that would not fit', async () => {
    for (let i = 0; i < 5; i++)
      await post(i, `rust ${'a long sentence about rust and more '.repeat(10)}${i}`, 1, 50);
    for (let i = 0; i < 10; i++)
      await note(
        `n${i}.md`,
        `Rust note ${i} ${'with a very long title '.repeat(8)}`,
        `rust ${'body text '.repeat(100)}`,
      );
    const context = await buildVaultContext(deps(['rust']));
    expect(context.block?.length).toBeLessThanOrEqual(VAULT_BLOCK_MAX);
    expect(context.block).toContain('Patterns from your best-performing posts');
    expect(context.block).toContain('Relevant knowledge from your notes');
  });

  it('puts notes the user selected first', async () => {
    const picked = await note('picked.md', 'Picked', 'Nothing about the keywords here.');
    await note('match.md', 'Match', 'rust everywhere');
    const context = await buildVaultContext(deps(['rust']), { selectedNodeIds: [picked] });
    expect(context.citations.map((c) => c.source_title)).toEqual(['Picked', 'Match']);
  });

  it('fails open: no keywords, empty database, a config error, or a broken store give no block', async () => {
    expect(await buildVaultContext(deps([]))).toEqual({ citations: [] });
    expect(await buildVaultContext(deps(['rust']))).toEqual({ citations: [] });
    expect(
      await buildVaultContext(
        deps(() => {
          throw new Error('config broken');
        }),
      ),
    ).toEqual({ citations: [] });
    // A broken store: a second one of this test, with a post and a note on the keyword, loses the tables.
    database = await stores.open();
    await sql`insert into sources (source_type, source_key) values ('manual', 'manual')`.execute(database.db);
    await post(1, 'Rust tip', 0, 10);
    await note('r.md', 'Rust', 'rust notes');
    expect((await buildVaultContext(deps(['rust']))).block).toContain('Rust tip');
    const cascade = sql.raw(dialect === 'postgres' ? 'cascade' : '');
    await sql`drop table post_metrics ${cascade}`.execute(database.db);
    await sql`drop table content_chunks ${cascade}`.execute(database.db);
    expect(await buildVaultContext(deps(['rust']))).toEqual({ citations: [] });
  });

  it('matches own posts on whole words and follows edits and deletions of posts', async () => {
    await post(1, 'I trust my tools', 0, 50);
    await post(2, 'Rust is fine', 0, 10);
    await post(3, 'Rust will be rewritten', 0, 20);
    await post(4, 'Rust will be deleted', 0, 30);
    await sql`update posts set text = 'Now about gardening' where tweet_id = 'p3'`.execute(database.db);
    await sql`delete from post_metrics where tweet_id = 'p4'`.execute(database.db);
    await sql`delete from posts where tweet_id = 'p4'`.execute(database.db);
    const context = await buildVaultContext(deps(['rust']));
    expect(context.block).toContain('"Rust is fine"');
    expect(context.block).not.toContain('trust');
    expect(context.block).not.toContain('gardening');
    expect(context.block).not.toContain('deleted');
  });

  it('originals count by their recorded topic, replies by their text; the stored format labels a post', async () => {
    await post(1, 'Name it after the job.', 1, 40, 1000, { topic: 'Queues', format: 'tip' });
    await post(2, 'Queues everywhere, said the rust fan.', 1, 40, 1000, { topic: 'testing' });
    await post(3, 'Do you shard your queues?', 2, 30, 1000, { kind: 'reply' });
    await post(4, 'Ship the queues thing', 3, 20);
    const context = await buildVaultContext(deps(['queues']));
    const ancestors = context.block?.split('\n').filter((l) => /^\d\. \[/.test(l));
    expect(ancestors).toEqual([
      '1. [tip] (tweet): "Name it after the job."',
      '2. [ask_question] (reply): "Do you shard your queues?"',
      '3. [storytelling] (tweet): "Ship the queues thing"',
    ]);
    // Its topic is testing: the word in its text does not make it a post on queues.
    expect(context.block).not.toContain('rust fan');
  });

  it('leaves out posts under a tenth of the account best score, even when nothing else matches', async () => {
    await post(1, 'Rust made it fast', 0, 10);
    await post(2, 'Rust again', 0, 3, 1000);
    await post(3, 'A viral post about gardening', 0, 90);
    // Best 270: 30 is 0.11 of it, 9 is 0.03.
    const context = await buildVaultContext(deps(['rust']));
    expect(context.block).toContain('"Rust made it fast"');
    expect(context.block).not.toContain('Rust again');
    await post(4, 'Another viral post about gardening', 0, 120);
    // Best 360: 30 is now under a tenth; no winning posts, no block.
    expect(await buildVaultContext(deps(['rust']))).toEqual({ citations: [] });
  });

  it('treats keywords as literal phrases (quotes, FTS operators and LIKE wildcards inside them are harmless)', async () => {
    await note('q.md', 'Quoted', 'the "NEAR" operator and 100% coverage');
    const context = await buildVaultContext(deps(['"NEAR"', '100%', 'a OR b']));
    expect(context.citations.map((c) => c.source_title)).toEqual(['Quoted']);
  });

  it('cites the fragment that matches, with its heading path; gone notes are out', async () => {
    const id = await note('guide.md', 'Guide', '# Guide\nIntro text.\n## Rust\nUse clippy.\n## Go\nUse vet.');
    const gone = await note('old.md', 'Old', 'rust of the past');
    await sql`update content_nodes set gone_at = '2026-11-21T00:00:00.000Z' where id = ${gone}`.execute(
      database.db,
    );
    const context = await buildVaultContext(deps(['rust']));
    expect(context.block).toContain('[# Guide/## Rust] (from: Guide): "Use clippy."');
    expect(context.block).not.toContain('past');
    expect(context.citations).toEqual([
      expect.objectContaining({
        node_id: id,
        heading_path: '# Guide/## Rust',
        chunk_id: await chunkOf(id, 1),
      }),
    ]);
  });

  it('a cold start (nothing matches, no history) uses the seeds drawn from notes', async () => {
    const id = await note('seeded.md', 'Seeded', 'nothing about the keywords');
    const repo = new NoteRepository(database, DEFAULT_ACCOUNT_ID);
    const [pending] = await repo.pendingNotes(1);
    await repo.saveSeeds(
      pending as { id: number; updatedAt: string },
      [{ nodeId: id, text: 'Write the changelog first.', format: 'tip' }],
      NOW,
    );
    const context = await buildVaultContext(deps(['rust']));
    expect(context.block).toContain('Ideas from your notes');
    expect(context.block).toContain('"Write the changelog first." (from: Seeded)');
    expect(context.citations).toEqual([]);
  });
});
