// Loads the config once: defaults < file < env < flags, then schema and cross-field validation.
// Every problem is collected (never thrown) with the key path and where the value came from.
import { readFileSync } from 'node:fs';
import { parse, TomlError } from 'smol-toml';
import { type Config, ConfigSchema } from '../../contracts/config/config.js';
import { accountRuleProblems } from '../../core/domain/account-rules.js';
import {
  type ConfigIssue,
  type ConfigSource,
  displayKey,
  hasErrors,
} from '../../core/domain/config-issue.js';
import {
  type ValidationContext,
  type ValidationPurpose,
  validateConfigRules,
} from '../../core/domain/config-validation.js';
import { envLayer, type FlagValue, flagLayer, mergeLayers, parseOptionPairs } from './config-layers.js';
import { type ConfigPaths, resolveConfigPaths } from './config-paths.js';
import { fileProbe } from './file-probe.js';
import { findUnknownKeys } from './find-unknown-keys.js';
import { createSourcePathResolver, defaultSourcePathResolver } from './source-path-resolver.js';
import { locateTomlKeys } from './toml-locate.js';

export interface LoadConfigOptions {
  /** `-c/--config`. */
  configFlag?: string;
  env?: Record<string, string | undefined>;
  /** `-O/--option key=value` pairs. */
  options?: readonly string[];
  /** Typed command flags mapped to config keys (`serve --port` → server.port). */
  flags?: readonly FlagValue[];
  purpose?: ValidationPurpose;
  /** Every tool name, from the operation registry, to check `[mcp_policy]` entries against (commands pass it). */
  toolNames?: readonly string[];
}

export interface LoadedConfig {
  /** Present only when there are no errors. Frozen. */
  config?: Readonly<Config>;
  issues: ConfigIssue[];
  /** Where each set value came from, by dotted key (indexes as numbers: `content_sources.sources.0.path`). */
  sources: Map<string, ConfigSource>;
  paths: ConfigPaths;
  file: { exists: boolean; text?: string; raw: Record<string, unknown> };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

interface FileRead {
  exists: boolean;
  text?: string;
  raw: Record<string, unknown>;
  sources: Map<string, ConfigSource>;
  issues: ConfigIssue[];
}

function readConfigFile(paths: ConfigPaths): FileRead {
  const file = paths.configPath;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const result: FileRead = { exists: false, raw: {}, sources: new Map(), issues: [] };
    // A missing file at the default path means "all defaults"; a named file must exist.
    if (code !== 'ENOENT' || paths.explicit) {
      const message = code === 'ENOENT' ? 'config file not found' : `cannot read config file (${code})`;
      result.issues.push({ severity: 'error', key: '', message, source: { kind: 'file', file } });
    }
    return result;
  }
  let raw: Record<string, unknown>;
  try {
    raw = parse(text) as Record<string, unknown>;
  } catch (error) {
    const toml = error instanceof TomlError ? error : undefined;
    const firstLine = ((error as Error).message.split('\n')[0] ?? '').replace(/^Invalid TOML document: /, '');
    return {
      exists: true,
      text,
      raw: {},
      sources: new Map(),
      issues: [
        {
          severity: 'error',
          key: '',
          message: `TOML syntax error: ${firstLine}`,
          source: { kind: 'file', file, line: toml?.line, column: toml?.column },
        },
      ],
    };
  }
  const sources = new Map<string, ConfigSource>();
  for (const [key, pos] of locateTomlKeys(text)) sources.set(key, { kind: 'file', file, ...pos });
  const issues: ConfigIssue[] = findUnknownKeys(raw).map((unknown) => ({
    severity: 'warning',
    key: unknown.key,
    message: `unknown key${unknown.suggestion ? ` (did you mean ${unknown.suggestion}?)` : ''}; ignored`,
    source: sources.get(unknown.path.join('.')) ?? { kind: 'file', file },
  }));
  return { exists: true, text, raw, sources, issues };
}

/** The most specific recorded source for a path: the key itself, else its nearest parent. */
function sourceFor(
  sources: Map<string, ConfigSource>,
  path: ReadonlyArray<PropertyKey>,
): ConfigSource | undefined {
  const parts = path.map(String);
  for (let n = parts.length; n > 0; n--) {
    const found = sources.get(parts.slice(0, n).join('.'));
    if (found) return found;
  }
  return undefined;
}

function withoutPaths(raw: Record<string, unknown>, paths: ReadonlyArray<ReadonlyArray<PropertyKey>>) {
  const copy = structuredClone(raw);
  for (const path of paths) {
    const parts = [...path];
    // An invalid list element invalidates the list: drop the whole list so its default applies.
    while (parts.length > 1 && typeof parts[parts.length - 1] === 'number') parts.pop();
    let node: unknown = copy;
    for (const part of parts.slice(0, -1)) node = (node as Record<PropertyKey, unknown> | undefined)?.[part];
    if (typeof node === 'object' && node !== null)
      delete (node as Record<PropertyKey, unknown>)[parts[parts.length - 1] as PropertyKey];
  }
  return copy;
}

/**
 * Validates a merged raw object; shared by load and by writers that check a value before saving it.
 * Schema errors do not hide cross-field problems: invalid values are set aside and the rest is checked too.
 */
export function validateRaw(
  raw: Record<string, unknown>,
  sources: Map<string, ConfigSource>,
  context: ValidationContext,
): { config?: Config; issues: ConfigIssue[] } {
  const issues: ConfigIssue[] = [];
  const seen = new Set<string>();
  // Source paths are judged as they resolve (`~`, symlinks), against the data dir of this config.
  const rules = {
    ...context,
    sourcePaths: context.sourcePaths ?? defaultSourcePathResolver(sources),
    files: context.files ?? fileProbe,
  };
  let candidate = raw;
  for (let attempt = 0; attempt < 3; attempt++) {
    const parsed = ConfigSchema.safeParse(candidate);
    if (parsed.success) {
      const global = validateConfigRules(parsed.data, rules);
      for (const problem of [...global, ...accountRuleProblems(parsed.data, rules, global)]) {
        const key = displayKey(problem.path);
        if (seen.has(key) && problem.severity === 'error') continue;
        issues.push({
          severity: problem.severity,
          key,
          message: problem.message,
          source: sourceFor(sources, problem.path),
        });
      }
      return { config: attempt === 0 ? parsed.data : undefined, issues };
    }
    for (const issue of parsed.error.issues) {
      const key = displayKey(issue.path.map((p) => (typeof p === 'number' ? p : String(p))));
      seen.add(key);
      issues.push({
        severity: 'error',
        key,
        message: issue.message.replace(/^Invalid input: /, ''),
        source: sourceFor(sources, issue.path),
      });
    }
    candidate = withoutPaths(
      candidate,
      parsed.error.issues.map((issue) => issue.path),
    );
  }
  return { issues };
}

export function loadConfig(options: LoadConfigOptions = {}): LoadedConfig {
  const env = options.env ?? process.env;
  const paths = resolveConfigPaths({ configFlag: options.configFlag, env });
  const file = readConfigFile(paths);
  const fromEnv = envLayer(env);
  const pairs = parseOptionPairs(options.options ?? []);
  const fromFlags = flagLayer([...pairs.values, ...(options.flags ?? [])]);

  const sources = new Map<string, ConfigSource>([...file.sources, ...fromEnv.sources, ...fromFlags.sources]);
  const issues = [...file.issues, ...fromEnv.issues, ...pairs.issues, ...fromFlags.issues];
  const merged = mergeLayers(file.raw, fromEnv.values, fromFlags.values);
  const validated = validateRaw(merged, sources, {
    purpose: options.purpose ?? 'load',
    toolNames: options.toolNames,
    sourcePaths: createSourcePathResolver({ env, dataDir: paths.dataDir }),
  });
  issues.push(...validated.issues);

  const config = hasErrors(issues) || !validated.config ? undefined : deepFreeze(validated.config);
  return {
    config,
    issues,
    sources,
    paths,
    file: { exists: file.exists, text: file.text, raw: file.raw },
  };
}
