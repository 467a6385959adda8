// The mutation audit log and policy counters (mutation_audit, rate_events), on either store. Closing an
// audit row and counting the mutation is one transaction (one commit, not one per row: on SQLite commits
// are what bring the checkpoint pauses onto the call): on SQLite an immediate one whose statements run
// synchronously, on Postgres a Kysely transaction.
import { type CompiledQuery, sql } from 'kysely';
import { ActorSchema } from '../../../contracts/actor.js';
import type { LimitUsage } from '../../../core/domain/mutation-policy.js';
import type { AuditCompletion, AuditEntry, MutationStore } from '../../../core/ports/mutation-store.js';
import { sqliteRun } from '../../storage/sqlite-sync.js';
import type { Store } from '../../storage/store.js';
import { toDbTimestamp } from '../timestamps.js';

interface AuditRow {
  correlation_id: string;
  tool_name: string;
  face: AuditEntry['face'];
  actor: string;
  params_hash: string;
  params: string;
  status: AuditEntry['status'];
  policy_decision: string | null;
  result: string | null;
  rollback: string | null;
  error_code: string | null;
  error_message: string | null;
  elapsed_ms: number | null;
  created_at: string;
  completed_at: string | null;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
const parse = (text: string | null) => (text === null ? undefined : (JSON.parse(text) as unknown));

export function auditEntryOf(row: AuditRow): AuditEntry {
  return {
    ...row,
    actor: ActorSchema.parse(row.actor),
    params: parse(row.params),
    result: parse(row.result),
    rollback: parse(row.rollback),
  };
}

export class MutationRepository implements MutationStore {
  constructor(
    private readonly store: Store,
    private readonly accountId: string,
  ) {}

  async usage(key: string, periodSeconds: number, now: Date): Promise<LimitUsage> {
    const since = toDbTimestamp(new Date(now.getTime() - periodSeconds * 1000));
    const { rows } = await sql<{ n: number; oldest: string | null }>`select count(*) as n,
        min(created_at) as oldest from rate_events
      where account_id = ${this.accountId} and action = ${key} and created_at > ${since}`.execute(
      this.store.db,
    );
    const row = rows[0];
    return { count: Number(row?.n ?? 0), ...(row?.oldest ? { oldest: new Date(row.oldest) } : {}) };
  }

  private counts(keys: readonly string[], now: Date): CompiledQuery[] {
    const at = toDbTimestamp(now);
    return keys.map((key) =>
      sql`insert into rate_events (account_id, action, created_at) values (${this.accountId}, ${key}, ${at})`.compile(
        this.store.db,
      ),
    );
  }

  async count(keys: readonly string[], now: Date): Promise<void> {
    await this.inOneCommit(this.counts(keys, now));
  }

  async recentSuccess(tool: string, paramsHash: string, since: Date): Promise<AuditEntry | undefined> {
    const { rows } = await sql<AuditRow>`select * from mutation_audit
      where account_id = ${this.accountId} and tool_name = ${tool} and params_hash = ${paramsHash}
        and (status = 'success' or (status = 'failure' and error_code = 'thread_partial_failure'))
        and created_at >= ${toDbTimestamp(since)} order by created_at desc limit 1`.execute(this.store.db);
    return rows[0] ? auditEntryOf(rows[0]) : undefined;
  }

  async audit(entry: AuditEntry): Promise<void> {
    await this.store.db
      .insertInto('mutation_audit')
      .values({
        account_id: this.accountId,
        correlation_id: entry.correlation_id,
        tool_name: entry.tool_name,
        face: entry.face,
        actor: entry.actor,
        params_hash: entry.params_hash,
        params: JSON.stringify(entry.params ?? {}),
        status: entry.status,
        policy_decision: entry.policy_decision ?? null,
        result: json(entry.result),
        rollback: json(entry.rollback),
        error_code: entry.error_code ?? null,
        error_message: entry.error_message ?? null,
        elapsed_ms: entry.elapsed_ms ?? null,
        created_at: entry.created_at,
        completed_at: entry.completed_at ?? null,
      })
      .execute();
  }

  async complete(
    correlationId: string,
    completion: AuditCompletion,
    at: Date,
    countKeys: readonly string[] = [],
  ): Promise<void> {
    const close = this.store.db
      .updateTable('mutation_audit')
      .set({
        status: completion.status,
        result: json(completion.result),
        rollback: json(completion.rollback),
        error_code: completion.error_code ?? null,
        error_message: completion.error_message ?? null,
        elapsed_ms: completion.elapsed_ms,
        completed_at: toDbTimestamp(at),
      })
      .where('account_id', '=', this.accountId)
      .where('correlation_id', '=', correlationId)
      .compile();
    await this.inOneCommit([close, ...this.counts(countKeys, at)]);
  }

  /** Runs the writes in one transaction. */
  private async inOneCommit(writes: readonly CompiledQuery[]): Promise<void> {
    const { store } = this;
    if (writes.length === 0) return;
    if (store.dialect === 'sqlite') {
      store.sqlite.transaction(() => {
        for (const write of writes) sqliteRun(store, write);
      })();
      return;
    }
    if (writes.length === 1) {
      await store.db.executeQuery(writes[0] as CompiledQuery);
      return;
    }
    await store.db.transaction().execute(async (trx) => {
      for (const write of writes) await trx.executeQuery(write);
    });
  }
}
