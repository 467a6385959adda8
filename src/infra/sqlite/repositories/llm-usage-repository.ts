// LLM usage per generation (tokens, estimated cost, latency, outcome) for the cost view, on either store.
import type { Clock } from '../../../core/ports/clock.js';
import type { LlmUsageRecord, LlmUsageRecorder } from '../../llm/create-llm.js';
import type { Store } from '../../storage/store.js';
import { toDbTimestamp } from '../timestamps.js';

export class LlmUsageRepository implements LlmUsageRecorder {
  constructor(
    private readonly database: Store,
    private readonly accountId: string,
    private readonly clock: Clock,
  ) {}

  async record(entry: LlmUsageRecord): Promise<void> {
    await this.database.db
      .insertInto('llm_usage')
      .values({
        account_id: this.accountId,
        generation_type: entry.generation_type,
        provider: entry.provider,
        model: entry.model,
        input_tokens: entry.input_tokens,
        output_tokens: entry.output_tokens,
        cost_usd: entry.cost_usd,
        latency_ms: entry.latency_ms,
        success: entry.success ? 1 : 0,
        error_code: entry.error_code ?? null,
        created_at: toDbTimestamp(this.clock.now()),
      })
      .execute();
  }
}
