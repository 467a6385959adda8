// Resolves the paths content sources name, for the location rules in core/domain/note-locations.ts: `~`
// from the env's home, relative parts against the working dir, symlinks through realpath (a path that does
// not exist yet through its nearest existing parent), so a link to /etc is judged as /etc.
import { realpathSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { ConfigSource } from '../../core/domain/config-issue.js';
import type { ResolvedPath } from '../../core/domain/note-locations.js';
import type { SourcePathResolver } from '../../core/domain/source-entry-rules.js';
import { expandHome, resolveConfigPaths } from './config-paths.js';

type Env = Record<string, string | undefined>;

/** `path` (absolute) with every symlink resolved, as far as the path exists. */
export function realPathOf(path: string): string {
  const rest: string[] = [];
  let current = path;
  for (;;) {
    try {
      return join(realpathSync.native(current), ...[...rest].reverse());
    } catch {
      const parent = dirname(current);
      if (parent === current) return path;
      rest.push(basename(current));
      current = parent;
    }
  }
}

export function createSourcePathResolver(options: { env?: Env; dataDir?: string }): SourcePathResolver {
  const resolve = (path: string): ResolvedPath => {
    const written = expandHome(path, options.env);
    return { written, real: realPathOf(written) };
  };
  return { resolve, ...(options.dataDir ? { dataDir: resolve(options.dataDir) } : {}) };
}

/**
 * For a check that was given no resolver (the config editor validating a save): this process's env, and
 * the data dir of the config file being checked (its directory, unless APP_HOME names another).
 */
export function defaultSourcePathResolver(sources: ReadonlyMap<string, ConfigSource>): SourcePathResolver {
  const env = process.env;
  let file: string | undefined;
  for (const source of sources.values()) {
    if (source.kind === 'file') {
      file = source.file;
      break;
    }
  }
  return createSourcePathResolver({ env, dataDir: resolveConfigPaths({ configFlag: file, env }).dataDir });
}
