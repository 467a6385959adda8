// `app backup`: a verified online copy of the database, plus --list and --prune N.
import { existsSync } from 'node:fs';
import { dataPaths, expandHome } from '../../../infra/config/config-paths.js';
import { type BackupInfo, createBackup, listBackups, pruneBackups } from '../../../infra/sqlite/backup.js';
import { CliError, type CommandContext, EXIT_FAILURE, EXIT_USAGE, println } from '../cli-io.js';
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
  const { config, paths } = loadForCommand(ctx, { quiet: options.format === 'json' });
  const data = dataPaths(config, paths.dataDir, ctx.io.env);
  const dir = options.outputDir ? expandHome(options.outputDir, ctx.io.env) : data.backupsDir;
  const out = (text: string, json: unknown) =>
    println(ctx.io.stdout, options.format === 'json' ? JSON.stringify(json, null, 2) : text);

  if (options.list) {
    const backups = listBackups(dir);
    out(backups.length ? backups.map(describe).join('\n') : `no backups in ${dir}`, backups.map(asJson));
    return;
  }
  if (options.prune !== undefined) {
    if (!/^\d+$/.test(options.prune))
      throw new CliError(`--prune expects a whole number, got '${options.prune}'`, EXIT_USAGE);
    const { kept, removed } = pruneBackups(dir, Number(options.prune));
    out(
      `kept ${kept.length}, removed ${removed.length}${removed.map((b) => `\n  removed ${b.path}`).join('')}`,
      {
        kept: kept.map(asJson),
        removed: removed.map(asJson),
      },
    );
    return;
  }
  if (!existsSync(data.dbPath)) {
    throw new CliError(
      `no database at ${data.dbPath} yet (it is created when the service first starts)`,
      EXIT_FAILURE,
    );
  }
  const backup = await createBackup({ dbPath: data.dbPath, outputDir: dir });
  out(`backup written and verified: ${describe(backup)}`, asJson(backup));
}
