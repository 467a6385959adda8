// Tool-call telemetry (mcp_telemetry; either store). Rows are buffered and written in one statement a moment
// later (or when 256 are waiting, or at shutdown): a commit per call put SQLite's checkpoint pauses on the
// path of every tool call. Readers flush first, so a count is never behind: a flush waits for the writes
// already under way too. A write that fails on its own (the timer's) is logged and its rows are dropped,
// as telemetry is best-effort; one a reader asked for fails the reader.
import type { Log } from '../../../core/ports/log.js';
import type { TelemetryRecorder, ToolInvocation } from '../../../core/ports/telemetry-store.js';
import type { Store } from '../../storage/store.js';
import { toDbTimestamp } from '../timestamps.js';

const FLUSH_AFTER_MS = 200;
const FLUSH_AT_ROWS = 256;

export class TelemetryRepository implements TelemetryRecorder {
  private pending: ToolInvocation[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** The writes under way, one after the other. */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: Store,
    private readonly accountId: string,
    private readonly log?: Log,
  ) {}

  record(call: ToolInvocation): void {
    this.pending.push(call);
    if (this.pending.length >= FLUSH_AT_ROWS) this.flushQuietly();
    else this.timer ??= setTimeout(() => this.flushQuietly(), FLUSH_AFTER_MS).unref();
  }

  private flushQuietly(): void {
    this.flush().catch((error: unknown) => this.log?.warn({ err: error }, 'telemetry write failed'));
  }

  /** Writes every buffered row now (before reading the table, and at shutdown). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const rows = this.pending;
    this.pending = [];
    const written = this.writing.catch(() => {}).then(() => this.write(rows));
    this.writing = written;
    return written;
  }

  private async write(rows: readonly ToolInvocation[]): Promise<void> {
    if (rows.length === 0) return;
    if (this.database.dialect === 'sqlite' && !this.database.sqlite.open) return;
    await this.database.db
      .insertInto('mcp_telemetry')
      .values(
        rows.map((call) => ({
          account_id: this.accountId,
          tool_name: call.tool_name,
          category: call.category,
          profile: call.profile,
          latency_ms: Math.round(call.latency_ms),
          success: call.success ? 1 : 0,
          error_code: call.error_code ?? null,
          policy_decision: call.policy_decision ?? null,
          created_at: toDbTimestamp(call.at),
        })),
      )
      .execute();
  }
}
