// The mutation audit log and policy counters (mutation_audit, rate_events). Every statement is prepared
// once and runs synchronously: these sit on the path of every tool mutation.
import type { Statement } from 'better-sqlite3';
import { ActorSchema } from '../../../contracts/actor.js';
import type { LimitUsage } from '../../../core/domain/mutation-policy.js';
import type { AuditCompletion, AuditEntry, MutationStore } from '../../../core/ports/mutation-store.js';
import type { AppDatabase } from '../open-database.js';
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
  private readonly usageStatement: Statement<[string, string, string], { n: number; oldest: string | null }>;
  private readonly countStatement: Statement<[string, string, string]>;
  private readonly recentStatement: Statement<[string, string, string, string], AuditRow>;
  private readonly auditStatement: Statement;
  private readonly completeStatement: Statement;
  private readonly completeAndCount: (
    correlationId: string,
    completion: AuditCompletion,
    at: Date,
    countKeys: readonly string[],
  ) => void;

  constructor(
    database: AppDatabase,
    private readonly accountId: string,
  ) {
    const { sqlite } = database;
    this.usageStatement = sqlite.prepare(
      `select count(*) as n, min(created_at) as oldest from rate_events
       where account_id = ? and action = ? and created_at > ?`,
    );
    this.countStatement = sqlite.prepare(
      'insert into rate_events (account_id, action, created_at) values (?, ?, ?)',
    );
    this.recentStatement = sqlite.prepare(
      `select * from mutation_audit where account_id = ? and tool_name = ? and params_hash = ?
         and (status = 'success' or (status = 'failure' and error_code = 'thread_partial_failure'))
         and created_at >= ? order by created_at desc limit 1`,
    );
    this.auditStatement = sqlite.prepare(
      `insert into mutation_audit (account_id, correlation_id, tool_name, face, actor, params_hash, params, status,
         policy_decision, result, rollback, error_code, error_message, elapsed_ms, created_at, completed_at)
       values (@account_id, @correlation_id, @tool_name, @face, @actor, @params_hash, @params, @status,
         @policy_decision, @result, @rollback, @error_code, @error_message, @elapsed_ms, @created_at, @completed_at)`,
    );
    // One commit instead of one per row: commits are what bring SQLite's checkpoint pauses onto the call.
    this.completeAndCount = sqlite.transaction(
      (correlationId: string, completion: AuditCompletion, at: Date, countKeys: readonly string[]) => {
        this.completeRow(correlationId, completion, at);
        this.count(countKeys, at);
      },
    );
    this.completeStatement = sqlite.prepare(
      `update mutation_audit set status = @status, result = @result, rollback = @rollback,
         error_code = @error_code, error_message = @error_message, elapsed_ms = @elapsed_ms,
         completed_at = @completed_at
       where account_id = @account_id and correlation_id = @correlation_id`,
    );
  }

  usage(key: string, periodSeconds: number, now: Date): LimitUsage {
    const since = toDbTimestamp(new Date(now.getTime() - periodSeconds * 1000));
    const row = this.usageStatement.get(this.accountId, key, since);
    return { count: row?.n ?? 0, ...(row?.oldest ? { oldest: new Date(row.oldest) } : {}) };
  }

  count(keys: readonly string[], now: Date): void {
    const at = toDbTimestamp(now);
    for (const key of keys) this.countStatement.run(this.accountId, key, at);
  }

  recentSuccess(tool: string, paramsHash: string, since: Date): AuditEntry | undefined {
    const row = this.recentStatement.get(this.accountId, tool, paramsHash, toDbTimestamp(since));
    return row ? auditEntryOf(row) : undefined;
  }

  audit(entry: AuditEntry): void {
    this.auditStatement.run({
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
    });
  }

  complete(
    correlationId: string,
    completion: AuditCompletion,
    at: Date,
    countKeys: readonly string[] = [],
  ): void {
    this.completeAndCount(correlationId, completion, at, countKeys);
  }

  private completeRow(correlationId: string, completion: AuditCompletion, at: Date): void {
    this.completeStatement.run({
      account_id: this.accountId,
      correlation_id: correlationId,
      status: completion.status,
      result: json(completion.result),
      rollback: json(completion.rollback),
      error_code: completion.error_code ?? null,
      error_message: completion.error_message ?? null,
      elapsed_ms: completion.elapsed_ms,
      completed_at: toDbTimestamp(at),
    });
  }
}
