// A first config file, as `app init` and the dashboard's first-run wizard write it: the answers rendered
// with the header as comments and validated as a save, then written 0600 in a data dir created 0700.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { type ConfigIssue, hasErrors } from '../../core/domain/config-issue.js';
import { AppError } from '../../core/errors.js';
import { withFileLock } from '../fs/file-lock.js';
import { writeSecretFile } from '../fs/write-secret-file.js';
import type { ConfigPaths } from './config-paths.js';
import { validateRaw } from './load-config.js';
import { renderConfigFile } from './render-config.js';

/**
 * Writes the file (a file already there is kept as `.bak`, or with `onlyIfAbsent` refused as a conflict,
 * decided under the file's lock). Answers the issues instead, writing nothing, when the result is invalid.
 */
export function writeNewConfig(
  paths: Pick<ConfigPaths, 'configPath' | 'dataDir'>,
  values: ReadonlyMap<string, unknown>,
  header: string[],
  options: { onlyIfAbsent?: boolean } = {},
): { issues: ConfigIssue[] } {
  const text = renderConfigFile(values, header);
  const checked = validateRaw(parse(text) as Record<string, unknown>, new Map(), { purpose: 'save' });
  if (hasErrors(checked.issues)) return { issues: checked.issues };
  mkdirSync(paths.dataDir, { recursive: true, mode: 0o700 });
  withFileLock(paths.configPath, () => {
    if (existsSync(paths.configPath)) {
      if (options.onlyIfAbsent)
        throw new AppError(
          'conflict',
          `a config file already exists at ${paths.configPath}; change it in Settings`,
        );
      writeSecretFile(`${paths.configPath}.bak`, readFileSync(paths.configPath, 'utf8'));
    }
    writeSecretFile(paths.configPath, text);
  });
  return { issues: checked.issues };
}
