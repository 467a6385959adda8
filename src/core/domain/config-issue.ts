// A problem found while loading or saving the config: which key, how bad, and where the value came from.

export type ConfigSource =
  | { kind: 'file'; file: string; line?: number; column?: number }
  | { kind: 'env'; name: string }
  | { kind: 'flag'; name: string }
  | { kind: 'default' }
  /** An account's own setting (`[accounts.<name>]`), which beats the global value from any source. */
  | { kind: 'account'; account: string; file?: string; line?: number; column?: number };

export interface ConfigIssue {
  severity: 'error' | 'warning';
  /** Dotted key path (`limits.max_replies_per_day`, `content_sources.sources[0].path`), or '' for the whole file. */
  key: string;
  message: string;
  source?: ConfigSource;
}

/** `content_sources.sources.0.path` → `content_sources.sources[0].path`. */
export function displayKey(path: ReadonlyArray<string | number>): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number' || /^\d+$/.test(part)) out += `[${part}]`;
    else out += out === '' ? part : `.${part}`;
  }
  return out;
}

export function formatSource(source: ConfigSource): string {
  switch (source.kind) {
    case 'file': {
      if (source.line === undefined) return source.file;
      const column = source.column === undefined ? '' : `, column ${source.column}`;
      return `${source.file} line ${source.line}${column}`;
    }
    case 'env':
      return `env ${source.name}`;
    case 'flag':
      return `flag ${source.name}`;
    case 'default':
      return 'default';
    case 'account': {
      const where =
        source.file === undefined ? '' : `, ${formatSource({ ...source, kind: 'file', file: source.file })}`;
      return `account ${source.account}${where}`;
    }
  }
}

/** One line per issue: `error: limits.max_replies_per_day: expected an integer (env APP_LIMITS__...)`. */
export function formatIssue(issue: ConfigIssue): string {
  const where = issue.source ? ` (${formatSource(issue.source)})` : '';
  const key = issue.key === '' ? '' : `${issue.key}: `;
  return `${issue.severity}: ${key}${issue.message}${where}`;
}

export function hasErrors(issues: readonly ConfigIssue[]): boolean {
  return issues.some((issue) => issue.severity === 'error');
}
