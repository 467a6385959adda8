// The folders an agent's upload may read from now: `[mcp_policy] upload_allowed_dirs` with `~` expanded,
// less any that a hand-edited file points at a system location, a secret folder or the data dir.
import type { Config } from '../../contracts/config/config.js';
import { uploadDirProblem } from '../../core/domain/upload-dir-rules.js';
import { createSourcePathResolver } from '../../infra/config/source-path-resolver.js';

export function allowedUploadDirs(
  config: Readonly<Config>,
  env: Record<string, string | undefined> | undefined,
  dataDir: string,
): string[] {
  const paths = createSourcePathResolver({ ...(env ? { env } : {}), dataDir });
  return config.mcp_policy.upload_allowed_dirs
    .map((dir) => paths.resolve(dir))
    .filter((dir) => uploadDirProblem(dir, paths.dataDir) === undefined)
    .map((dir) => dir.written);
}
