// What the account did in a time range, row by row: posts (with who posted them), approval items created
// and gateway refusals, and the platform calls with their recorded cost. Read by `app simulate` for its
// day-by-day report and by the simulated-week proofs. Either store.
import { sql } from 'kysely';
import type { Store } from '../../storage/store.js';
import { toDbTimestamp } from '../timestamps.js';

export interface PostedRow {
  tweet_id: string;
  kind: 'tweet' | 'reply' | 'quote' | 'thread_card';
  actor: string;
  text: string;
  posted_at: string;
  in_reply_to_tweet_id: string | null;
  target_author_id: string | null;
  thread_root_tweet_id: string | null;
  thread_position: number | null;
  mentions_product: number;
}

export interface QueuedRow {
  id: number;
  action_type: string;
  actor: string;
  content: string | null;
  status: string;
  target_tweet_id: string | null;
  created_at: string;
}

export interface RefusedRow {
  tool_name: string;
  actor: string;
  error_code: string | null;
  error_message: string | null;
  created_at: string;
}

/** Platform calls in a range and the sum of their recorded cost (api_usage.cost_usd). */
export interface ApiSpendRow {
  calls: number;
  cost_usd: number;
}

export class ActivityReportRepository {
  constructor(
    private readonly database: Store,
    private readonly accountId: string,
  ) {}

  async posts(since: Date, until: Date): Promise<PostedRow[]> {
    const { rows } = await sql<PostedRow>`select tweet_id, kind, actor, text, posted_at, in_reply_to_tweet_id,
        target_author_id, thread_root_tweet_id, thread_position, mentions_product
      from posts where account_id = ${this.accountId}
        and posted_at >= ${toDbTimestamp(since)} and posted_at < ${toDbTimestamp(until)}
      order by posted_at, id`.execute(this.database.db);
    return rows;
  }

  async queued(since: Date, until: Date): Promise<QueuedRow[]> {
    const { rows } = await sql<QueuedRow>`select id, action_type, actor, content, status, target_tweet_id,
        created_at
      from approval_queue where account_id = ${this.accountId}
        and created_at >= ${toDbTimestamp(since)} and created_at < ${toDbTimestamp(until)}
      order by created_at, id`.execute(this.database.db);
    return rows;
  }

  async refused(since: Date, until: Date): Promise<RefusedRow[]> {
    const { rows } = await sql<RefusedRow>`select tool_name, actor, error_code, error_message, created_at
      from mutation_audit where account_id = ${this.accountId} and status = 'denied'
        and created_at >= ${toDbTimestamp(since)} and created_at < ${toDbTimestamp(until)}
      order by created_at, id`.execute(this.database.db);
    return rows;
  }

  async apiSpend(since: Date, until?: Date): Promise<ApiSpendRow> {
    const { rows } = await sql<ApiSpendRow>`select count(*) as calls, coalesce(sum(cost_usd), 0) as cost_usd
      from api_usage where account_id = ${this.accountId}
        and created_at >= ${toDbTimestamp(since)} and created_at < ${until ? toDbTimestamp(until) : '9999'}`.execute(
      this.database.db,
    );
    const row = rows[0] ?? { calls: 0, cost_usd: 0 };
    return { calls: Number(row.calls), cost_usd: Math.round(Number(row.cost_usd) * 1e6) / 1e6 };
  }
}
