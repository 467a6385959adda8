// Drafts on both stores: what the drafts list shows (search in titles, tweets and thread cards ignoring
// case, tags ignoring case, title order as SQLite's NOCASE), version-checked saves with their revisions.
import { describe, expect, it } from 'vitest';
import { STORES, testStores } from '../../../../test/support/stores.js';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import { ListDraftsInput } from '../../../contracts/drafts.js';
import type { NewDraft } from '../../../core/ports/draft-store.js';
import { DraftRepository } from './draft-repository.js';

const at = new Date('2025-03-01T10:00:00.000Z');
const later = (minutes: number) => new Date(at.getTime() + minutes * 60_000);

const tweet = (content: string, more: Partial<NewDraft> = {}): NewDraft => ({
  content_type: 'tweet',
  content,
  media_paths: [],
  title: null,
  notes: null,
  tags: [],
  source: 'manual',
  ...more,
});

const thread = (texts: string[], more: Partial<NewDraft> = {}): NewDraft =>
  tweet(
    JSON.stringify({
      version: 1,
      blocks: texts.map((text, order) => ({ id: `card-${order}`, text, media_paths: [], order })),
    }),
    { content_type: 'thread', ...more },
  );

const list = (drafts: DraftRepository, query: Partial<ListDraftsInput>) =>
  drafts.list(ListDraftsInput.parse(query));

describe.each(STORES)('DraftRepository (%s)', (dialect) => {
  const stores = testStores(dialect);

  it('finds drafts by title, tweet text and thread card text, ignoring case; % and _ match themselves', async () => {
    const drafts = new DraftRepository(await stores.open(), DEFAULT_ACCOUNT_ID);
    const a = await drafts.create(tweet('About Rust ownership', { title: 'Ownership' }), at);
    const b = await drafts.create(thread(['First card', 'the RUST borrow checker']), later(1));
    const c = await drafts.create(tweet('nothing here', { title: 'Weekly 100% done' }), later(2));
    const d = await drafts.create(tweet('plain_text'), later(3));
    const ids = async (q: string) => (await list(drafts, { q })).items.map((item) => item.id);
    expect(await ids('rust')).toEqual([b.id, a.id]);
    expect(await ids('OWNERSHIP')).toEqual([a.id]);
    expect(await ids('borrow')).toEqual([b.id]);
    expect(await ids('100%')).toEqual([c.id]);
    expect(await ids('0%')).toEqual([c.id]);
    expect(await ids('n_t')).toEqual([d.id]);
    expect(await ids('e_e')).toEqual([]);
    expect(await ids('"version"')).toEqual([]);
    expect((await list(drafts, { q: 'card' })).total).toBe(1);
  });

  it('keeps tags once whatever their case, filters by a tag in any case and counts them', async () => {
    const drafts = new DraftRepository(await stores.open(), DEFAULT_ACCOUNT_ID);
    const a = await drafts.create(tweet('one', { tags: ['AI', 'rust'] }), at);
    const b = await drafts.create(tweet('two', { tags: ['ai', 'Zig', 'ai '] }), later(1));
    expect(a.tags).toEqual(['AI', 'rust']);
    expect(b.tags).toEqual(['AI', 'Zig']);
    expect((await list(drafts, { tag: 'Ai' })).items.map((item) => item.id)).toEqual([b.id, a.id]);
    expect(await drafts.tags()).toEqual([
      { name: 'AI', count: 2 },
      { name: 'rust', count: 1 },
      { name: 'Zig', count: 1 },
    ]);
    const saved = await drafts.save(a.id, a.version, { tags: ['zig'] }, undefined, later(2));
    expect(saved !== 'conflict' && saved?.tags).toEqual(['Zig']);
    expect(await drafts.tags()).toEqual([
      { name: 'AI', count: 1 },
      { name: 'rust', count: 0 },
      { name: 'Zig', count: 2 },
    ]);
  });

  it('orders by title as SQLite’s NOCASE: A–Z folded, then code points; untitled first', async () => {
    const drafts = new DraftRepository(await stores.open(), DEFAULT_ACCOUNT_ID);
    const titles = ['banana', 'Apple', '_under', 'Zebra', 'éclair', 'Émile', 'apple', null];
    for (const [i, title] of titles.entries()) await drafts.create(tweet(`t${i}`, { title }), later(i));
    const { items } = await list(drafts, { sort: 'title_asc' });
    expect(items.map((item) => item.title)).toEqual([
      null,
      '_under',
      'Apple',
      'apple',
      'banana',
      'Zebra',
      'Émile',
      'éclair',
    ]);
  });

  it('saves only at the expected version, with a revision in the same transaction; lists by group and page', async () => {
    const drafts = new DraftRepository(await stores.open(), DEFAULT_ACCOUNT_ID);
    const draft = await drafts.create(thread(['one', 'two']), at);
    expect(draft.blocks?.map((block) => block.text)).toEqual(['one', 'two']);
    const saved = await drafts.save(draft.id, 1, { title: 'Titled' }, 'manual', later(1));
    expect(saved !== 'conflict' && saved?.version).toBe(2);
    expect(await drafts.save(draft.id, 1, { title: 'Stale' }, 'manual', later(2))).toBe('conflict');
    expect(await drafts.save(999, 1, { title: 'None' }, 'manual', later(2))).toBeUndefined();
    const revisions = await drafts.revisions(draft.id);
    expect(revisions.map((revision) => [revision.trigger, revision.draft_version, revision.title])).toEqual([
      ['manual', 2, 'Titled'],
      ['created', 1, null],
    ]);
    expect((await drafts.revision(draft.id, revisions[1]?.id ?? 0))?.blocks?.length).toBe(2);
    await drafts.setState(draft.id, { status: 'posted', posted_tweet_ids: ['1', '2'] }, later(3));
    const other = await drafts.create(tweet('other'), later(4));
    const third = await drafts.create(tweet('third'), later(5));
    expect((await list(drafts, { group: 'posted' })).items.map((item) => item.id)).toEqual([draft.id]);
    const page = await list(drafts, { sort: 'created_asc', limit: 1, offset: 1 });
    expect([page.items.map((item) => item.id), page.total]).toEqual([[third.id], 2]);
    expect((await list(drafts, { sort: 'created_desc' })).items[1]?.id).toBe(other.id);
    expect(await drafts.remove(draft.id)).toBe(true);
    expect(await drafts.get(draft.id)).toBeUndefined();
    expect(await drafts.revisions(draft.id)).toEqual([]);
  });
});
