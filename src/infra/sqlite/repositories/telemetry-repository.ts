// Tool-call telemetry (mcp_telemetry). Rows are buffered and written in one transaction a moment later
// (or when 256 are waiting, or at shutdown): a commit per call put SQLite's checkpoint pauses on the
// path of every tool call. Readers flush first, so a count is never behind.
import type { Statement } from 'better-sqlite3';
import type { TelemetryRecorder, ToolInvocation } from '../../../core/ports/telemetry-store.js';
import type { AppDatabase } from '../open-database.js';
import { toDbTimestamp } from '../timestamps.js';

const FLUSH_AFTER_MS = 200;
const FLUSH_AT_ROWS = 256;

export class TelemetryRepository implements TelemetryRecorder {
  private readonly insert: Statement;
  private readonly writeAll: (rows: readonly ToolInvocation[]) => void;
  private pending: ToolInvocation[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly database: AppDatabase,
    private readonly accountId: string,
  ) {
    this.insert = database.sqlite.prepare(
      `insert into mcp_telemetry (account_id, tool_name, category, profile, latency_ms, success, error_code,
         policy_decision, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.writeAll = database.sqlite.transaction((rows: readonly ToolInvocation[]) => {
      for (const call of rows) {
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
    });
  }

  record(call: ToolInvocation): void {
    this.pending.push(call);
    if (this.pending.length >= FLUSH_AT_ROWS) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), FLUSH_AFTER_MS).unref();
  }

  /** Writes every buffered row now (before reading the table, and at shutdown). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0 || !this.database.sqlite.open) return;
    const rows = this.pending;
    this.pending = [];
    this.writeAll(rows);
  }
}
