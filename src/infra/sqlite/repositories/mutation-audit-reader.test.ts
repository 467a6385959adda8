// MutationAuditRepository against a real store (SQLite in memory, and Postgres), seeded through the
// gateway's MutationRepository.
import { beforeEach, describe, expect, it } from 'vitest';
import { STORES, testStores } from '../../../../test/support/stores.js';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import type { AuditEntry } from '../../../core/ports/mutation-store.js';
import type { Store } from '../../storage/store.js';
import { MutationAuditRepository } from './mutation-audit-reader.js';
import { MutationRepository } from './mutation-repository.js';

const OTHER_ACCOUNT = '11111111-1111-4111-8111-111111111111';

const entry = (
  id: string,
  tool: string,
  createdAt: string,
  status: AuditEntry['status'] = 'success',
): AuditEntry => ({
  correlation_id: id,
  tool_name: tool,
  face: 'mcp',
  actor: 'agent',
  params_hash: `hash-${id}`,
  params: { tweet_id: '123' },
  status,
  created_at: createdAt,
});

describe.each(STORES)('MutationAuditRepository (%s)', (dialect) => {
  const stores = testStores(dialect);
  let database: Store;
  let writer: MutationRepository;
  let reader: MutationAuditRepository;

  beforeEach(async () => {
    database = await stores.open();
    await database.db.insertInto('accounts').values({ id: OTHER_ACCOUNT, label: 'other' }).execute();
    writer = new MutationRepository(database, DEFAULT_ACCOUNT_ID);
    reader = new MutationAuditRepository(database, DEFAULT_ACCOUNT_ID);
  });

  it('lists the newest mutations first, filtered by tool names and status', async () => {
    await writer.audit(entry('a', 'social_like_tweet', '2026-11-22T10:00:00.000Z'));
    await writer.audit(entry('b', 'social_retweet', '2026-11-22T11:00:00.000Z'));
    await writer.audit(entry('c', 'social_like_tweet', '2026-11-22T12:00:00.000Z', 'denied'));
    await new MutationRepository(database, OTHER_ACCOUNT).audit(
      entry('z', 'social_like_tweet', '2026-11-22T12:30:00.000Z'),
    );

    expect((await reader.recent({ limit: 10 })).map((e) => e.correlation_id)).toEqual(['c', 'b', 'a']);
    expect((await reader.recent({ limit: 2 })).map((e) => e.correlation_id)).toEqual(['c', 'b']);
    expect(
      (await reader.recent({ limit: 10, tools: ['social_like_tweet'] })).map((e) => e.correlation_id),
    ).toEqual(['c', 'a']);
    expect(
      (await reader.recent({ limit: 10, tools: ['social_like_tweet'], status: 'success' })).map(
        (e) => e.correlation_id,
      ),
    ).toEqual(['a']);
  });

  it('filters by actor and time, and pages with an offset (the dashboard activity page)', async () => {
    await writer.audit(entry('a', 'social_like_tweet', '2026-11-22T10:00:00.000Z'));
    await writer.audit({
      ...entry('b', 'create_draft', '2026-11-22T11:00:00.000Z'),
      actor: 'dashboard',
      face: 'http',
    });
    await writer.audit({
      ...entry('c', 'create_draft', '2026-11-22T12:00:00.000Z'),
      actor: 'dashboard',
      face: 'http',
    });
    const ids = async (filter: Parameters<typeof reader.recent>[0]) =>
      (await reader.recent(filter)).map((e) => e.correlation_id);
    expect(await ids({ limit: 10, actor: 'dashboard' })).toEqual(['c', 'b']);
    expect(await ids({ limit: 10, actor: 'agent' })).toEqual(['a']);
    expect(await ids({ limit: 10, since: new Date('2026-11-22T11:00:00.000Z') })).toEqual(['c', 'b']);
    expect(await ids({ limit: 2, offset: 2 })).toEqual(['a']);
    expect(await ids({ limit: 1, offset: 1, actor: 'dashboard' })).toEqual(['b']);
  });

  it('finds one mutation with its completion, parsed, and only in its own account', async () => {
    await writer.audit({
      ...entry('a', 'social_post_tweet', '2026-11-22T10:00:00.000Z', 'pending'),
      params: { text: 'hi' },
    });
    await writer.complete(
      'a',
      {
        status: 'success',
        result: { id: '555' },
        rollback: { tool: 'social_delete_tweet', params: { tweet_id: '555' } },
        elapsed_ms: 42,
      },
      new Date('2026-11-22T10:00:01.000Z'),
    );
    expect(await reader.find('a')).toMatchObject({
      correlation_id: 'a',
      status: 'success',
      params: { text: 'hi' },
      result: { id: '555' },
      rollback: { tool: 'social_delete_tweet', params: { tweet_id: '555' } },
      elapsed_ms: 42,
      completed_at: '2026-11-22T10:00:01.000Z',
    });
    expect(await reader.find('missing')).toBeUndefined();
    expect(await new MutationAuditRepository(database, OTHER_ACCOUNT).find('a')).toBeUndefined();
  });

  it('counts outcomes per tool in a window or over all time', async () => {
    await writer.audit(entry('a', 'social_like_tweet', '2026-11-20T10:00:00.000Z'));
    await writer.audit(entry('b', 'social_like_tweet', '2026-11-22T10:00:00.000Z'));
    await writer.audit(entry('c', 'social_like_tweet', '2026-11-22T11:00:00.000Z', 'denied'));
    expect(await reader.countsByTool(new Date('2026-11-22T00:00:00.000Z'))).toEqual([
      { tool_name: 'social_like_tweet', status: 'denied', count: 1 },
      { tool_name: 'social_like_tweet', status: 'success', count: 1 },
    ]);
    expect(await reader.countsByTool(undefined)).toContainEqual({
      tool_name: 'social_like_tweet',
      status: 'success',
      count: 2,
    });
  });
});
