// The price table as data: which kind a platform call is, what its answer's resources are, what it costs.
import { describe, expect, it } from 'vitest';
import { APRIL_2026_PRICES } from '../../contracts/config/api-prices.js';
import { monthBill } from './platform-bill.js';
import {
  type CallToPrice,
  callCost,
  classifyPlatformCall,
  postCost,
  postCreateKind,
  resourceIdsOf,
  utcDay,
  withSummons,
} from './platform-prices.js';

const ME = '42';
const posts = (...ids: string[]) => ({ data: ids.map((id) => ({ id, text: `post ${id}` })), meta: {} });
const read = (path: string, answer: unknown = posts('1', '2')): CallToPrice => ({
  method: 'GET',
  host: 'api',
  path,
  answer,
  ownUserId: ME,
});
const create = (body: unknown): CallToPrice => ({
  method: 'POST',
  host: 'api',
  path: '/2/tweets',
  body,
  answer: { data: { id: '99', text: 'x' } },
  ownUserId: ME,
});

describe('classifyPlatformCall', () => {
  it("recognises owned reads by the account's own user id in the path", () => {
    expect(classifyPlatformCall(read(`/2/users/${ME}/tweets`))).toEqual({
      kind: 'owned_read',
      resource: 'post',
      resourceIds: ['1', '2'],
    });
    expect(classifyPlatformCall(read('/2/users/7/tweets'))?.kind).toBe('post_read');
    expect(classifyPlatformCall(read(`/2/users/${ME}/followers`))?.kind).toBe('owned_read');
    expect(classifyPlatformCall(read('/2/users/7/followers'))).toMatchObject({
      kind: 'follow_read',
      resource: 'user',
    });
    expect(classifyPlatformCall(read(`/2/users/${ME}/bookmarks`))?.kind).toBe('owned_read');
    expect(classifyPlatformCall(read('/2/users/me', { data: { id: ME } }))).toMatchObject({
      kind: 'owned_read',
      resourceIds: [ME],
    });
    // Without a known id, nothing is owned.
    expect(classifyPlatformCall({ ...read(`/2/users/${ME}/tweets`), ownUserId: undefined })?.kind).toBe(
      'post_read',
    );
  });

  it('marks a read of the mentions so replies to them can be summoned replies', () => {
    expect(classifyPlatformCall(read(`/2/users/${ME}/mentions`))).toEqual({
      kind: 'owned_read',
      resource: 'post',
      resourceIds: ['1', '2'],
      mentions: true,
    });
  });

  it('prices other reads by what they return', () => {
    expect(classifyPlatformCall(read('/2/tweets/search/recent'))?.kind).toBe('post_read');
    expect(classifyPlatformCall(read('/2/tweets/5'))?.kind).toBe('post_read');
    expect(classifyPlatformCall(read('/2/users/by/username/ada'))).toMatchObject({
      kind: 'user_read',
      resource: 'user',
    });
    expect(classifyPlatformCall(read('/2/tweets/5/liking_users'))?.kind).toBe('interaction_read');
    expect(classifyPlatformCall(read('/2/dm_events'))).toMatchObject({
      kind: 'dm_event_read',
      resource: 'dm_event',
    });
    expect(classifyPlatformCall(read(`/2/users/${ME}/timelines/reverse_chronological`))?.kind).toBe(
      'post_read',
    );
  });

  it('prices a post with a linked URL at the URL rate, and keeps a plain reply for the summons check', () => {
    expect(classifyPlatformCall(create({ text: 'plain words' }))).toEqual({
      kind: 'post_create',
      resourceIds: [],
    });
    expect(classifyPlatformCall(create({ text: 'see https://example.com/a' }))?.kind).toBe(
      'post_create_with_link',
    );
    expect(classifyPlatformCall(create({ text: 'bare example.com works too' }))?.kind).toBe(
      'post_create_with_link',
    );
    expect(classifyPlatformCall(create({ text: 'no link in a.b' }))?.kind).toBe('post_create');
    const reply = classifyPlatformCall(create({ text: 'thanks!', reply: { in_reply_to_tweet_id: '5' } }));
    expect(reply).toEqual({ kind: 'post_create', resourceIds: [], inReplyTo: '5' });
    if (!reply) throw new Error('classified');
    expect(withSummons(reply, true).kind).toBe('summoned_reply');
    expect(withSummons(reply, false).kind).toBe('post_create');
    // A URL wins over the summons: the platform prices the link.
    const linked = classifyPlatformCall(
      create({ text: 'https://x.dev', reply: { in_reply_to_tweet_id: '5' } }),
    );
    if (!linked) throw new Error('classified');
    expect(withSummons(linked, true).kind).toBe('post_create_with_link');
  });

  it('prices interactions, DMs and deletes per request; leaves unnamed endpoints and other hosts unpriced', () => {
    const write = (method: string, path: string) =>
      classifyPlatformCall({ method, host: 'api', path, ownUserId: ME });
    expect(write('POST', `/2/users/${ME}/likes`)?.kind).toBe('user_interaction');
    expect(write('POST', `/2/users/${ME}/following`)?.kind).toBe('user_interaction');
    expect(write('POST', '/2/dm_conversations/with/7/messages')?.kind).toBe('dm_create');
    expect(write('DELETE', '/2/tweets/5')?.kind).toBe('delete');
    expect(write('DELETE', `/2/users/${ME}/likes/5`)?.kind).toBe('delete');
    expect(write('GET', '/2/tweets/counts/recent')).toBeUndefined();
    expect(classifyPlatformCall({ method: 'POST', host: 'upload', path: '/2/media/upload' })).toBeUndefined();
  });
});

describe('callCost', () => {
  it('charges reads per charged resource and writes per request, with the configured prices', () => {
    expect(callCost(APRIL_2026_PRICES, 'post_read', 3)).toBe(0.015);
    expect(callCost(APRIL_2026_PRICES, 'post_read', 0)).toBe(0);
    expect(callCost(APRIL_2026_PRICES, 'owned_read', 2)).toBe(0.002);
    expect(callCost(APRIL_2026_PRICES, 'post_create', 0)).toBe(0.015);
    expect(callCost(APRIL_2026_PRICES, 'post_create_with_link', 0)).toBe(0.2);
    expect(callCost(APRIL_2026_PRICES, 'summoned_reply', 0)).toBe(0.01);
    expect(callCost({ ...APRIL_2026_PRICES, post_read: 0.01 }, 'post_read', 3)).toBe(0.03);
  });

  it('reads resource ids from data (a list or one object), never from includes', () => {
    expect(
      resourceIdsOf({ data: [{ id: '1' }, { id: '1' }, { id: '2' }], includes: { users: [{ id: 'u' }] } }),
    ).toEqual(['1', '2']);
    expect(resourceIdsOf({ data: { id: '3' } })).toEqual(['3']);
    expect(resourceIdsOf({ meta: { result_count: 0 } })).toEqual([]);
    expect(utcDay(new Date('2026-11-22T23:59:59.999Z'))).toBe('2026-11-22');
  });
});

describe('monthBill', () => {
  it('fills every day of the UTC month so far and forecasts month-to-date / days elapsed × days in month', () => {
    const bill = monthBill(new Date('2026-11-10T08:00:00Z'), [
      { date: '2026-10-31', calls: 9, cost_usd: 9 },
      { date: '2026-11-01', calls: 2, cost_usd: 0.5 },
      { date: '2026-11-10', calls: 1, cost_usd: 0.25 },
    ]);
    expect(bill.month).toBe('2026-11');
    expect(bill.daily).toHaveLength(10);
    expect(bill.daily[1]).toEqual({ date: '2026-11-02', calls: 0, cost_usd: 0 });
    expect(bill.month_to_date_usd).toBe(0.75);
    expect(bill.days_in_month).toBe(30);
    expect(bill.forecast_usd).toBe(2.25);
  });
});

describe('postCost (the composer’s cost line)', () => {
  it('prices each post plainly or at the URL rate, by the rule the bill uses', () => {
    const prices = { post_create: 0.015, post_create_with_link: 0.2 };
    expect(postCost(['Ship small.'], prices)).toEqual({ usd: 0.015, posts: 1, withLink: 0, linkUsd: 0.2 });
    expect(postCost(['Notes: https://example.com/x'], prices)).toMatchObject({ usd: 0.2, withLink: 1 });
    expect(postCost(['One', 'Two at example.com', 'Three'], prices)).toMatchObject({ usd: 0.23, posts: 3 });
    for (const text of ['Ship small.', 'Notes: https://example.com/x', 'Two at example.com']) {
      const charge = classifyPlatformCall({ method: 'POST', host: 'api', path: '/2/tweets', body: { text } });
      expect(charge?.kind).toBe(postCreateKind(text));
    }
  });
});
