// Notes and provenance on both stores: sources found by key, a note saved and replaced with its fragments,
// a batch that throws leaves nothing, gone notes leave search, problems per path, seeds saved only while
// the note is as read, and a draft's provenance with the metrics of what was posted from it.
import { describe, expect, it } from 'vitest';
import { STORES, testStores } from '../../../../test/support/stores.js';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import { parseNote } from '../../../core/services/sources/parse-note.js';
import { NoteRepository } from './note-repository.js';
import { ProvenanceRepository } from './provenance-repository.js';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 10, minute));

const stored = (sourceId: number, relativePath: string, text: string) => ({
  sourceId,
  relativePath,
  hash: text,
  ...parseNote(text),
});

describe.each(STORES)('NoteRepository and ProvenanceRepository (%s)', (dialect) => {
  const stores = testStores(dialect);

  it('keeps one source per key, its config and state; saves, replaces and marks notes gone', async () => {
    const notes = new NoteRepository(await stores.open(), DEFAULT_ACCOUNT_ID);
    const source = await notes.ensureSource(
      { source_type: 'local_fs', source_key: 'k', config: { a: 1 } },
      at(0),
    );
    const again = await notes.ensureSource(
      { source_type: 'local_fs', source_key: 'k', config: { a: 2 } },
      at(1),
    );
    expect(again.id).toBe(source.id);
    expect((await notes.source(source.id))?.config).toEqual({ a: 2 });
    await notes.setSourceState(source.id, { status: 'error', error_message: 'folder missing' }, at(2));
    expect(await notes.source(source.id)).toMatchObject({ status: 'error', error_message: 'folder missing' });
    expect((await notes.sources()).map((s) => s.source_key)).toEqual(['k']);

    const first = await notes.saveNote(
      stored(source.id, 'a.md', '# A\nalpha words\n## Two\nbeta words'),
      at(3),
    );
    expect(first.outcome).toBe('inserted');
    expect(await notes.noteHash(source.id, 'a.md')).toEqual({
      id: first.id,
      hash: '# A\nalpha words\n## Two\nbeta words',
      gone: false,
      problem: false,
    });
    const second = await notes.saveNote(stored(source.id, 'a.md', '# A\ngamma only'), at(4));
    expect(second).toEqual({ id: first.id, outcome: 'updated' });
    expect((await notes.note(first.id))?.fragments.map((f) => f.text)).toEqual(['gamma only']);
    expect((await notes.searchNotes({ q: 'beta', limit: 10, offset: 0 })).total).toBe(0);
    expect((await notes.searchNotes({ q: 'gamm', limit: 10, offset: 0 })).items[0]?.snippet).toBe(
      'gamma only',
    );
    await notes.saveNote(stored(source.id, 'b.md', 'b text'), at(5));
    await notes.saveNote(stored(source.id, 'c.md', 'c text'), at(6));
    expect(await notes.counts(source.id)).toEqual({ notes: 3, pending: 3 });
    expect(await notes.markGone(source.id, { keep: new Set(['a.md']) }, at(7))).toBe(2);
    expect(await notes.markGone(source.id, { only: ['b.md'] }, at(8))).toBe(0);
    expect(await notes.counts(source.id)).toEqual({ notes: 1, pending: 1 });
    expect((await notes.searchNotes({ limit: 10, offset: 0 })).items.map((n) => n.relative_path)).toEqual([
      'a.md',
    ]);
    expect((await notes.noteHash(source.id, 'b.md'))?.gone).toBe(true);
  });

  it('a batch is one transaction: a throw inside it leaves none of its notes', async () => {
    const notes = new NoteRepository(await stores.open(), DEFAULT_ACCOUNT_ID);
    const source = await notes.ensureSource({ source_type: 'manual', source_key: 'm', config: {} }, at(0));
    await expect(
      notes.atomically(async () => {
        await notes.saveNote(stored(source.id, 'x.md', 'x'), at(1));
        await notes.markGone(source.id, { only: ['x.md'] }, at(1));
        throw new Error('the batch failed');
      }),
    ).rejects.toThrow('the batch failed');
    expect(await notes.counts(source.id)).toEqual({ notes: 0, pending: 0 });
    const saved = await notes.atomically(async () => [
      await notes.saveNote(stored(source.id, 'x.md', 'x'), at(2)),
      await notes.saveNote(stored(source.id, 'y.md', 'y'), at(2)),
    ]);
    expect(saved.map((s) => s.outcome)).toEqual(['inserted', 'inserted']);
    expect(await notes.counts(source.id)).toEqual({ notes: 2, pending: 2 });
  });

  it('keeps one problem per path until cleared; seeds land only while the note is as read', async () => {
    const notes = new NoteRepository(await stores.open(), DEFAULT_ACCOUNT_ID);
    const source = await notes.ensureSource({ source_type: 'manual', source_key: 'm', config: {} }, at(0));
    await notes.recordProblem(source.id, 'bad.md', 'binary', at(1));
    await notes.recordProblem(source.id, 'bad.md', 'too large', at(2));
    await notes.recordProblem(source.id, '', 'folder missing', at(2));
    expect((await notes.problems(source.id)).map((p) => [p.relative_path, p.message])).toEqual([
      ['', 'folder missing'],
      ['bad.md', 'too large'],
    ]);
    await notes.clearProblem(source.id, '');
    await notes.saveNote(stored(source.id, 'bad.md', 'fine now'), at(3));
    expect((await notes.noteHash(source.id, 'bad.md'))?.problem).toBe(true);

    const { id } = await notes.saveNote(stored(source.id, 'n.md', 'seed me'), at(4));
    const pending = await notes.pendingNotes(5);
    expect(pending.map((n) => [n.relativePath, n.body])).toEqual([
      ['bad.md', 'fine now'],
      ['n.md', 'seed me'],
    ]);
    const read = pending[1] as (typeof pending)[number];
    await notes.saveNote(stored(source.id, 'n.md', 'edited meanwhile'), at(5));
    expect(await notes.saveSeeds(read, [{ nodeId: id, text: 'stale', format: null }], at(6))).toBe(false);
    const fresh = (await notes.pendingNotes(5)).find((n) => n.id === id) as (typeof pending)[number];
    expect(await notes.saveSeeds(fresh, [{ nodeId: id, text: 'Hook', format: 'tip' }], at(7))).toBe(true);
    expect((await notes.note(id))?.seeds).toEqual([
      expect.objectContaining({ seed_text: 'Hook', format_suggestion: 'tip', status: 'pending' }),
    ]);
    await notes.markNote(id, 'pending', at(8));
    expect((await notes.pendingNotes(5)).map((n) => n.relativePath)).toEqual(['bad.md', 'n.md']);
  });

  it('links a draft to its notes, marks the seeds used, and reads the metrics of what was posted', async () => {
    const store = await stores.open();
    const notes = new NoteRepository(store, DEFAULT_ACCOUNT_ID);
    const provenance = new ProvenanceRepository(store, DEFAULT_ACCOUNT_ID);
    const source = await notes.ensureSource({ source_type: 'manual', source_key: 'm', config: {} }, at(0));
    const { id } = await notes.saveNote(stored(source.id, 'n.md', '# N\nThe first fragment 🎉 here.'), at(1));
    const [note] = await notes.pendingNotes(1);
    await notes.saveSeeds(
      note as NonNullable<typeof note>,
      [{ nodeId: id, text: 'Seed', format: null }],
      at(2),
    );
    const detail = await notes.note(id);
    const seedId = detail?.seeds[0]?.id as number;
    const chunkId = detail?.fragments[0]?.id as number;
    const draft = await store.db
      .insertInto('drafts')
      .values({ content: 'x', status: 'posted' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await provenance.linkDraft(draft.id, [{ node_id: id, chunk_id: chunkId, seed_id: seedId }], at(3));
    expect((await notes.note(id))?.seeds[0]?.status).toBe('used');
    expect(await provenance.notesOfDraft(draft.id)).toEqual([
      { nodeId: id, sourceId: source.id, relativePath: 'n.md' },
    ]);
    const link = await store.db.selectFrom('provenance_links').select(['snippet', 'heading_path']).execute();
    expect(link).toEqual([{ snippet: 'The first fragment 🎉 here.', heading_path: '# N' }]);

    expect(await provenance.postedNotes()).toEqual([]);
    await store.db
      .insertInto('posting_jobs')
      .values({
        kind: 'tweet',
        payload: '{}',
        origin_type: 'draft',
        draft_id: draft.id,
        status: 'posted',
        posted_tweet_ids: '["77","78"]',
      })
      .execute();
    await store.db.insertInto('posts').values({ tweet_id: '77', kind: 'tweet', text: 'x' }).execute();
    await store.db.insertInto('post_metrics').values({ tweet_id: '77', impressions: 10, likes: 2 }).execute();
    expect(await provenance.postedNotes()).toEqual([
      {
        nodeId: id,
        sourceId: source.id,
        relativePath: 'n.md',
        tweetId: '77',
        impressions: 10,
        likes: 2,
        performanceScore: null,
      },
    ]);
    await provenance.linkDraft(draft.id, [], at(4));
    expect(await provenance.notesOfDraft(draft.id)).toEqual([]);
  });
});
