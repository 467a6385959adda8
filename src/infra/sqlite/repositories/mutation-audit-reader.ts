// Reads of the mutation audit log (mutation_audit) for the audit tools: the latest mutations, one by its
// correlation id, and outcomes per tool. MutationRepository writes the rows.
import { sql } from 'kysely';
import type { AuditFilter, MutationAuditReader } from '../../../core/ports/analytics-stores.js';
import type { AuditEntry } from '../../../core/ports/mutation-store.js';
import type { Store } from '../../storage/store.js';
import { toDbTimestamp } from '../timestamps.js';
import { auditEntryOf } from './mutation-repository.js';

type AuditRow = Parameters<typeof auditEntryOf>[0];

const COLUMNS = [
  'correlation_id',
  'tool_name',
  'face',
  'actor',
  'params_hash',
  'params',
  'status',
  'policy_decision',
  'result',
  'rollback',
  'error_code',
  'error_message',
  'elapsed_ms',
  'created_at',
  'completed_at',
] as const;

export class MutationAuditRepository implements MutationAuditReader {
  constructor(
    private readonly database: Store,
    private readonly accountId: string,
  ) {}

  async recent(filter: AuditFilter): Promise<AuditEntry[]> {
    let query = this.database.db
      .selectFrom('mutation_audit')
      .select(COLUMNS)
      .where('account_id', '=', this.accountId);
    if (filter.tools && filter.tools.length > 0) query = query.where('tool_name', 'in', [...filter.tools]);
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.actor) query = query.where('actor', '=', filter.actor);
    if (filter.since) query = query.where('created_at', '>=', toDbTimestamp(filter.since));
    const rows = await query
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset ?? 0)
      .execute();
    return rows.map((row) => auditEntryOf(row as AuditRow));
  }

  async find(correlationId: string): Promise<AuditEntry | undefined> {
    const row = await this.database.db
      .selectFrom('mutation_audit')
      .select(COLUMNS)
      .where('account_id', '=', this.accountId)
      .where('correlation_id', '=', correlationId)
      .executeTakeFirst();
    return row ? auditEntryOf(row as AuditRow) : undefined;
  }

  async countsByTool(
    since: Date | undefined,
  ): Promise<Array<{ tool_name: string; status: string; count: number }>> {
    const window = since ? sql`and created_at >= ${toDbTimestamp(since)}` : sql``;
    const { rows } = await sql<{ tool_name: string; status: string; count: number }>`select tool_name, status,
        count(*) as count from mutation_audit where account_id = ${this.accountId} ${window}
      group by tool_name, status order by count desc, tool_name, status`.execute(this.database.db);
    return rows.map((r) => ({ ...r, count: Number(r.count) }));
  }
}
