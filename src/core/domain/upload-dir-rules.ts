// `[mcp_policy] upload_allowed_dirs`: folders an agent's upload may read media from. The same places notes
// may not come from (system locations, secret folders, the data dir; note-locations.ts) are never among
// them: refused on save, skipped at runtime with a warning when a file written by hand names one.
import { folderLocationProblem, type ResolvedPath } from './note-locations.js';

export function uploadDirProblem(dir: ResolvedPath, dataDir?: ResolvedPath): string | undefined {
  const problem = folderLocationProblem(dir, dataDir);
  return problem ? `${problem}; uploads read only from folders of your own` : undefined;
}
