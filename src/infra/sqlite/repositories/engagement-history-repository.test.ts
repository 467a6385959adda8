// EngagementHistoryRepository against a real, migrated database of each store: posts, approval items (rows
// as the approval queue writes them) and discovered posts about one author.
import { beforeEach, describe, expect, it } from 'vitest';
import { STORES, testStores } from '../../../../test/support/stores.js';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import type { Store } from '../../storage/store.js';
import { DiscoveryRepository } from './discovery-repository.js';
import { EngagementHistoryRepository } from './engagement-history-repository.js';

const OTHER_ACCOUNT = '11111111-1111-4111-8111-111111111111';
const NOW = new Date('2026-11-22T12:00:00.000Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000);

describe.each(STORES)('EngagementHistoryRepository (%s)', (dialect) => {
  const stores = testStores(dialect);
  let database: Store;
  let history: EngagementHistoryRepository;

  async function reply(
    tweetId: string,
    target: { id?: string; username?: string; tweet?: string },
    at: Date,
    account = DEFAULT_ACCOUNT_ID,
  ) {
    await database.db
      .insertInto('posts')
      .values({
        account_id: account,
        tweet_id: tweetId,
        kind: 'reply',
        text: `reply ${tweetId}`,
        in_reply_to_tweet_id: target.tweet ?? null,
        target_author_id: target.id ?? null,
        target_author_username: target.username ?? null,
        posted_at: at.toISOString(),
      })
      .execute();
  }

  /** An approval item as the queue stores one; a reply's text is its first card's. */
  async function queue(
    item: { action_type: string; payload: object; content?: string; tweet?: string; authorId?: string },
    at: Date,
    username?: string,
  ): Promise<number> {
    const row = await database.db
      .insertInto('approval_queue')
      .values({
        account_id: DEFAULT_ACCOUNT_ID,
        action_type: item.action_type,
        payload: JSON.stringify(item.payload),
        content: item.content ?? null,
        target_tweet_id: item.tweet ?? null,
        target_author_id: item.authorId ?? null,
        target_author_username: username ?? null,
        origin: 'mcp',
        actor: 'agent',
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  const queueReply = (
    tweet: string,
    authorId: string | undefined,
    text: string,
    at: Date,
    username?: string,
  ) =>
    queue(
      {
        action_type: 'reply',
        payload: {
          cards: [{ text, media_paths: [] }],
          in_reply_to_tweet_id: tweet,
          ...(authorId ? { target_author_id: authorId } : {}),
        },
        content: text,
        tweet,
        ...(authorId ? { authorId } : {}),
      },
      at,
      username,
    );

  const setStatus = (id: number, status: 'approved' | 'rejected') =>
    database.db.updateTable('approval_queue').set({ status }).where('id', '=', id).execute();

  beforeEach(async () => {
    database = await stores.open();
    await database.db.insertInto('accounts').values({ id: OTHER_ACCOUNT, label: 'other' }).execute();
    history = new EngagementHistoryRepository(database, DEFAULT_ACCOUNT_ID);
  });

  it('counts our replies to an author (by id or by a handle-only row) overall and since a time', async () => {
    await reply('901', { id: '2001', tweet: '100' }, hoursAgo(30));
    await reply('902', { username: 'DANA', tweet: '101' }, hoursAgo(2));
    await reply('903', { id: '2001', username: 'dana', tweet: '102' }, hoursAgo(1));
    await reply('904', { id: '3000' }, hoursAgo(1));
    await reply('905', { id: '2001' }, hoursAgo(1), OTHER_ACCOUNT);
    const result = await history.authorHistory({ id: '2001', username: 'dana' }, hoursAgo(24), 2);
    expect(result.replies).toEqual({
      total: 3,
      since: 2,
      last_at: hoursAgo(1).toISOString(),
      recent: [
        {
          tweet_id: '903',
          text: 'reply 903',
          in_reply_to_tweet_id: '102',
          posted_at: hoursAgo(1).toISOString(),
        },
        {
          tweet_id: '902',
          text: 'reply 902',
          in_reply_to_tweet_id: '101',
          posted_at: hoursAgo(2).toISOString(),
        },
      ],
    });
  });

  it('lists approval items aimed at the author with a count per status', async () => {
    const first = await queueReply('100', '2001', 'first', hoursAgo(3));
    await queueReply('101', '2001', 'second', hoursAgo(2));
    await queueReply('102', '3000', 'other author', hoursAgo(1));
    await setStatus(first, 'rejected');
    const result = await history.authorHistory({ id: '2001' }, hoursAgo(24), 10);
    expect(result.approvals.by_status).toEqual({ pending: 1, rejected: 1 });
    expect(result.approvals.recent.map((item) => [item.content, item.status, item.target_tweet_id])).toEqual([
      ['second', 'pending', '101'],
      ['first', 'rejected', '100'],
    ]);
    expect(await history.authorHistory({}, hoursAgo(24), 10)).toEqual({
      replies: { total: 0, since: 0, last_at: null, recent: [] },
      approvals: { by_status: {}, recent: [] },
    });
  });

  it('knows an author from discovered posts, posts or the queue, preferring a full and recent record', async () => {
    expect(await history.knownAuthor({ username: 'dana' })).toBeUndefined();
    await reply('901', { username: 'dana' }, hoursAgo(5));
    expect(await history.knownAuthor({ username: 'DANA' })).toEqual({ username: 'dana' });
    await new DiscoveryRepository(database, DEFAULT_ACCOUNT_ID).save(
      [
        {
          tweet_id: '100',
          author_id: '2001',
          author_username: 'Dana',
          author_followers: 10,
          text: 'hello',
          tweet_created_at: null,
          like_count: 0,
          retweet_count: 0,
          reply_count: 0,
          quote_count: 0,
          impression_count: 0,
          has_media: false,
          is_quote: false,
          score: 10,
          score_breakdown: {},
          matched_keyword: null,
          source: 'search',
        },
      ],
      hoursAgo(10),
    );
    expect(await history.knownAuthor({ username: 'dana' })).toEqual({ id: '2001', username: 'Dana' });
    expect(await history.knownAuthor({ id: '2001' })).toEqual({ id: '2001', username: 'Dana' });
    expect(await history.knownAuthor({})).toBeUndefined();
  });

  it('live reply items: pending, approved and posting replies only, newest first, with their text', async () => {
    const rejected = await queueReply('100', '2001', 'no thanks', hoursAgo(4));
    await setStatus(rejected, 'rejected');
    const approved = await queueReply('101', '2001', 'approved one', hoursAgo(3));
    await setStatus(approved, 'approved');
    await queueReply('102', undefined, 'pending one', hoursAgo(2));
    await queue({ action_type: 'social_like_tweet', payload: { tweet_id: '103' } }, hoursAgo(1));
    expect(await history.liveReplyItems(10)).toEqual([
      expect.objectContaining({ target_tweet_id: '102', target_author_id: null, text: 'pending one' }),
      expect.objectContaining({ target_tweet_id: '101', target_author_id: '2001', text: 'approved one' }),
    ]);
    expect(await history.liveReplyItems(1)).toHaveLength(1);
  });

  it('a live reply without a first card reads as its content, or as empty text', async () => {
    await queue(
      { action_type: 'reply', payload: { text: 'old shape' }, content: 'from content' },
      hoursAgo(2),
    );
    await queue({ action_type: 'reply', payload: { cards: [] } }, hoursAgo(1));
    expect((await history.liveReplyItems(10)).map((item) => item.text)).toEqual(['', 'from content']);
  });
});
