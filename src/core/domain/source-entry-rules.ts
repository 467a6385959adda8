// The location and file rules of one `[[content_sources.sources]]` entry, shared by the config check
// (refused on save, a warning on load) and the runtime (an entry that breaks them is disabled, saying why).
import type { Config } from '../../contracts/config/config.js';
import type { ContentSource } from '../../contracts/config/content-sources.js';
import type { RuleProblem, SourcePathResolver, ValidationContext } from './config-rule-types.js';
import { filePatternProblem } from './note-files.js';
import { folderLocationProblem, keyFileProblem, normalizeAbsolute } from './note-locations.js';
import { sameData } from './same-data.js';

export type { SourcePathResolver } from './config-rule-types.js';

export interface SourceEntryProblem {
  key: 'path' | 'file_patterns' | 'service_account_key';
  message: string;
}

/** Without I/O (the dashboard, a check without a resolver): the path as written, names only for `~`. */
const asWritten: SourcePathResolver = {
  resolve(path) {
    const absolute = normalizeAbsolute(path) ?? path;
    return { written: absolute, real: absolute };
  },
};

/** Every rule the entry breaks; none means its folder, key file and patterns may be read. */
export function sourceEntryProblems(
  entry: ContentSource,
  resolver: SourcePathResolver = asWritten,
): SourceEntryProblem[] {
  const problems: SourceEntryProblem[] = [];
  if (entry.source_type === 'local_fs' && entry.path) {
    const problem = folderLocationProblem(resolver.resolve(entry.path), resolver.dataDir);
    if (problem)
      problems.push({ key: 'path', message: `${problem}; content sources read only note folders` });
  }
  if (entry.source_type === 'cloud_drive' && entry.service_account_key) {
    const problem = keyFileProblem(resolver.resolve(entry.service_account_key));
    if (problem) problems.push({ key: 'service_account_key', message: problem });
  }
  for (const pattern of entry.file_patterns) {
    const problem = filePatternProblem(pattern);
    if (problem) problems.push({ key: 'file_patterns', message: problem });
  }
  return problems;
}

/**
 * The entries' problems as config problems: a new or changed entry is refused on save; one the file
 * already had (the owner's, written by hand) is kept with a warning and disabled at runtime.
 */
export function sourceEntryRuleProblems(config: Config, context: ValidationContext): RuleProblem[] {
  const previous = context.previous?.content_sources.sources ?? [];
  return config.content_sources.sources.flatMap((source, index) => {
    const kept = context.purpose !== 'save' || previous.some((old) => sameData(old, source));
    return sourceEntryProblems(source, context.sourcePaths).map(
      ({ key, message }): RuleProblem => ({
        severity: kept ? 'warning' : 'error',
        path: ['content_sources', 'sources', index, key],
        message: kept ? `${message}; this source is disabled until it is changed` : `${message}; not saved`,
      }),
    );
  });
}
