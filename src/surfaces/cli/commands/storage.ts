// `app storage migrate --to postgres://…`: copies the service's SQLite database into an empty Postgres one
// and prints each table's rows and checksum as verified on both sides. On a terminal a progress line is
// updated in place; elsewhere (CI, a pipe) each table copied is a plain line. The URL's password is never
// printed: every message shows it masked.
import {
  type CopyProgress,
  type CopyReport,
  checkPostgresUrl,
  maskPassword,
  maskPostgresUrl,
  migrateStorageToPostgres,
} from '../../../app/storage-migration.js';
import { AppError, isAppError } from '../../../core/errors.js';
import { CliError, type CommandContext, EXIT_USAGE, println } from '../cli-io.js';
import { loadForCommand } from '../load-for-command.js';

export interface StorageMigrateOptions {
  to: string;
  json?: boolean;
}

const CLEAR_LINE = '\r\x1b[2K';
const rows = (n: number) => `${n} ${n === 1 ? 'row' : 'rows'}`;

function progressWriter(ctx: CommandContext): { show(p: CopyProgress): void; clear(): void } {
  const out = ctx.io.stdout;
  if (out.isTTY !== true) {
    return {
      show: (p) => {
        if (p.phase === 'copy' && p.done === p.total) println(out, `copied ${p.table}: ${rows(p.total)}`);
      },
      clear: () => undefined,
    };
  }
  let shown = false;
  return {
    show: (p) => {
      const verb = p.phase === 'copy' ? 'copying' : 'verifying';
      out.write(`${CLEAR_LINE}${verb} ${p.table} (table ${p.index}/${p.tables}): ${p.done}/${p.total} rows`);
      shown = true;
    },
    clear: () => {
      if (shown) out.write(CLEAR_LINE);
      shown = false;
    },
  };
}

function renderReport(report: CopyReport): string {
  const width = Math.max(...report.tables.map((t) => t.table.length), 'table'.length);
  const rowsWidth = Math.max(...report.tables.map((t) => String(t.rows).length), 'rows'.length);
  const lines = [
    `${'table'.padEnd(width)}  ${'rows'.padStart(rowsWidth)}  sha256`,
    ...report.tables.map(
      (t) =>
        `${t.table.padEnd(width)}  ${String(t.rows).padStart(rowsWidth)}  ${t.checksum.slice(0, 12)}  ok`,
    ),
    '',
    `${report.tables.length} tables, ${report.totalRows} rows copied and verified (SQLite = Postgres) in ` +
      `${(report.copyMs / 1000).toFixed(2)} s; schema version ${report.schemaVersion}.`,
    'The service still uses SQLite: nothing in its data directory was changed.',
  ];
  return lines.join('\n');
}

function asJson(report: CopyReport) {
  return {
    source: report.source,
    target: report.target,
    schema_version: report.schemaVersion,
    migrations_applied: report.migrationsApplied,
    tables: report.tables.map((t) => ({ table: t.table, rows: t.rows, sha256: t.checksum, ok: true })),
    total_rows: report.totalRows,
    copy_ms: report.copyMs,
  };
}

export async function runStorageMigrate(ctx: CommandContext, options: StorageMigrateOptions): Promise<void> {
  const url = options.to;
  try {
    checkPostgresUrl(url);
  } catch (error) {
    if (isAppError(error)) throw new CliError(`--to: ${error.message}`, EXIT_USAGE);
    throw error;
  }
  const { data } = loadForCommand(ctx, { quiet: options.json === true });
  const out = ctx.io.stdout;
  const progress = options.json ? undefined : progressWriter(ctx);
  if (!options.json) {
    println(out, `Copying ${data.dbPath} into ${maskPostgresUrl(url)}`);
  }
  let report: CopyReport;
  try {
    report = await migrateStorageToPostgres(data, url, progress?.show);
  } catch (error) {
    progress?.clear();
    // The core masks its messages already; this is the last line of defence before anything is printed.
    if (isAppError(error)) {
      throw new AppError(error.code, maskPassword(error.message, url), { retryable: error.retryable });
    }
    throw new Error(maskPassword(error instanceof Error ? error.message : String(error), url));
  }
  progress?.clear();
  if (options.json) {
    println(out, JSON.stringify(asJson(report), null, 2));
    return;
  }
  const applied = report.migrationsApplied;
  println(
    out,
    applied.length > 0
      ? `Postgres schema: applied ${applied.length} migrations (${applied[0]} … ${applied.at(-1)})`
      : `Postgres schema: already at version ${report.schemaVersion}`,
  );
  println(out, renderReport(report));
}
