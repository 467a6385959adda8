// The calendar's one read over four tables: scheduled drafts, posting jobs and pending approval items with a time
// (those made from a draft show as the draft, those approved show as their job), and posts already out (a thread
// once, by its first card). One UNION query so 500 items in a month are one round trip.
import { sql } from 'kysely';
import type { CalendarEntry, CalendarStore } from '../../../core/ports/calendar-store.js';
import { jsonArrayLength, jsonArrayLengthAt, jsonText } from '../../storage/dialect-sql.js';
import type { Store } from '../../storage/store.js';
import { sqlLimit } from '../inline-limits.js';
import { toDbTimestamp } from '../timestamps.js';
import { storedBlocks } from './draft-rows.js';

interface Row {
  kind: CalendarEntry['kind'];
  id: string;
  text: string | null;
  content_type: string;
  card_count: number | null;
  at: string;
  status: string;
  source: string;
  movable: number;
}

const CONTENT_TYPES = new Set(['tweet', 'thread', 'reply', 'quote']);

export class CalendarRepository implements CalendarStore {
  constructor(
    private readonly database: Store,
    private readonly accountId: string,
  ) {}

  async entries(range: { from: Date; to: Date; limit: number }): Promise<CalendarEntry[]> {
    const from = toDbTimestamp(range.from);
    const to = toDbTimestamp(range.to);
    const account = this.accountId;
    const { dialect } = this.database;
    const firstCard = (payload: string) => jsonText(dialect, sql.ref(payload), ['cards', 0, 'text']);
    const cards = (payload: string) => jsonArrayLengthAt(dialect, sql.ref(payload), 'cards');
    const { rows } = await sql<Row>`
      select * from (
        select 'draft' as kind, cast(d.id as text) as id, d.content as text, d.content_type as content_type,
               null as card_count, d.scheduled_for as at, d.status as status, d.source as source,
               0 as movable
          from drafts d
         where d.account_id = ${account} and d.archived_at is null and d.scheduled_for is not null
           and d.status in ('scheduled', 'queued', 'posting', 'failed')
           and d.scheduled_for >= ${from} and d.scheduled_for < ${to}
        union all
        select 'job', cast(j.id as text), ${firstCard('j.payload')}, j.kind,
               ${cards('j.payload')}, coalesce(j.scheduled_for, j.created_at), j.status, j.actor,
               -- The same test as the reschedule's conditional write (posting-repository.ts rescheduleJob).
               case when j.status = 'queued' and j.claimed_by is null
                     and (j.posted_tweet_ids is null or ${jsonArrayLength(dialect, sql`j.posted_tweet_ids`)} = 0)
                     and not exists (select 1 from outbox o where o.job_id = j.id and o.status <> 'failed')
                    then 1 else 0 end
          from posting_jobs j
         where j.account_id = ${account} and j.draft_id is null
           and j.status in ('queued', 'in_progress', 'partial', 'failed')
           and coalesce(j.scheduled_for, j.created_at) >= ${from} and coalesce(j.scheduled_for, j.created_at) < ${to}
        union all
        select 'approval', cast(a.id as text), coalesce(${firstCard('a.payload')}, a.content),
               a.action_type, ${cards('a.payload')}, a.scheduled_for, a.status, a.actor, 0
          from approval_queue a
         where a.account_id = ${account} and a.draft_id is null and a.status = 'pending'
           and a.action_type in ('tweet', 'reply', 'thread', 'quote')
           and a.scheduled_for >= ${from} and a.scheduled_for < ${to}
        union all
        select 'post', p.tweet_id, p.text,
               case p.kind when 'thread_card' then 'thread' else p.kind end,
               ${cards('pj.payload')}, p.posted_at, 'posted', p.actor, 0
          from posts p left join posting_jobs pj on pj.id = p.job_id
         where p.account_id = ${account} and p.gone_at is null
           and (p.kind <> 'thread_card' or coalesce(p.thread_position, 0) = 0)
           and p.posted_at >= ${from} and p.posted_at < ${to}
      ) as entries
      order by at, kind, id
      limit ${sqlLimit(range.limit)}
    `.execute(this.database.db);
    return rows.map(toEntry);
  }
}

function toEntry(row: Row): CalendarEntry {
  let text = row.text ?? '';
  let cards = row.card_count ?? 1;
  if (row.kind === 'draft' && row.content_type === 'thread') {
    const blocks = storedBlocks(text);
    text = blocks[0]?.text ?? '';
    cards = Math.max(1, blocks.length);
  }
  return {
    kind: row.kind,
    id: row.id,
    text,
    content_type: (CONTENT_TYPES.has(row.content_type)
      ? row.content_type
      : 'tweet') as CalendarEntry['content_type'],
    card_count: Math.max(1, cards),
    at: row.at,
    status: row.status,
    source: row.source,
    movable: row.movable === 1,
  };
}
