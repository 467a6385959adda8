// Tool-call telemetry (mcp_telemetry): the insert runs on every tool call, so it is prepared once and
// synchronous.
import type { Statement } from 'better-sqlite3';
import type { TelemetryRecorder, ToolInvocation } from '../../../core/ports/telemetry-store.js';
import type { AppDatabase } from '../open-database.js';
import { toDbTimestamp } from '../timestamps.js';

export class TelemetryRepository implements TelemetryRecorder {
  private readonly insert: Statement;

  constructor(
    database: AppDatabase,
    private readonly accountId: string,
  ) {
    this.insert = database.sqlite.prepare(
      `insert into mcp_telemetry (account_id, tool_name, category, profile, latency_ms, success, error_code,
         policy_decision, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
  }

  record(call: ToolInvocation): void {
    this.insert.run(
      this.accountId,
      call.tool_name,
      call.category,
      call.profile,
      Math.round(call.latency_ms),
      call.success ? 1 : 0,
      call.error_code ?? null,
      call.policy_decision ?? null,
      toDbTimestamp(call.at),
    );
  }
}
