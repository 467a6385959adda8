// LLM usage per generation (tokens, estimated cost, latency, outcome) for the cost view.
import type { Statement } from 'better-sqlite3';
import type { Clock } from '../../../core/ports/clock.js';
import type { LlmUsageRecord, LlmUsageRecorder } from '../../llm/create-llm.js';
import type { AppDatabase } from '../open-database.js';
import { toDbTimestamp } from '../timestamps.js';

export class LlmUsageRepository implements LlmUsageRecorder {
  private readonly insert: Statement;

  constructor(
    database: AppDatabase,
    private readonly accountId: string,
    private readonly clock: Clock,
  ) {
    this.insert = database.sqlite.prepare(
      `insert into llm_usage (account_id, generation_type, provider, model, input_tokens, output_tokens, cost_usd,
         latency_ms, success, error_code, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
  }

  record(entry: LlmUsageRecord): void {
    this.insert.run(
      this.accountId,
      entry.generation_type,
      entry.provider,
      entry.model,
      entry.input_tokens,
      entry.output_tokens,
      entry.cost_usd,
      entry.latency_ms,
      entry.success ? 1 : 0,
      entry.error_code ?? null,
      toDbTimestamp(this.clock.now()),
    );
  }
}
