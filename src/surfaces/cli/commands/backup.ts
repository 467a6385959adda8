// `app backup`: a verified online copy of the database, plus --list and --prune N. On Postgres
// (`[storage] url`) each refuses (exit 2), naming pg_dump.
import { type BackupInfo, databaseBackups } from '../../../app/local-data.js';
import { CliError, type CommandContext, EXIT_USAGE, println } from '../cli-io.js';
import { loadForCommand } from '../load-for-command.js';

export interface BackupOptions {
  outputDir?: string;
  list?: boolean;
  prune?: string;
  format: 'text' | 'json';
}

const describe = (b: BackupInfo) =>
  `${b.path}  ${(b.sizeBytes / 1024).toFixed(1)} KiB  ${b.createdAt.toISOString()}`;
const asJson = (b: BackupInfo) => ({ ...b, createdAt: b.createdAt.toISOString() });

export async function runBackup(ctx: CommandContext, options: BackupOptions): Promise<void> {
  const { config, data } = loadForCommand(ctx, { quiet: options.format === 'json' });
  const backups = databaseBackups(data, ctx.io.env, {
    outputDir: options.outputDir,
    storageUrl: config.storage.url,
  });
  const out = (text: string, json: unknown) =>
    println(ctx.io.stdout, options.format === 'json' ? JSON.stringify(json, null, 2) : text);

  if (options.list) {
    const found = backups.list();
    out(found.length ? found.map(describe).join('\n') : `no backups in ${backups.dir}`, found.map(asJson));
    return;
  }
  if (options.prune !== undefined) {
    if (!/^\d+$/.test(options.prune))
      throw new CliError(`--prune expects a whole number, got '${options.prune}'`, EXIT_USAGE);
    const { kept, removed } = backups.prune(Number(options.prune));
    out(
      `kept ${kept.length}, removed ${removed.length}${removed.map((b) => `\n  removed ${b.path}`).join('')}`,
      {
        kept: kept.map(asJson),
        removed: removed.map(asJson),
      },
    );
    return;
  }
  const backup = await backups.create();
  out(`backup written and verified: ${describe(backup)}`, asJson(backup));
}
