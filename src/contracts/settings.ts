// Live settings: the effective config as the settings API shows it (secrets masked, each value with its
// source), the one-edit patch, and the settings a running process can only take at start.
import { z } from 'zod';

/**
 * Settings read once when a process starts: a change is saved at once but applies after a restart.
 * An entry names a key or a whole section (`social_api` covers every `social_api.*` key).
 */
export const RESTART_REQUIRED_SETTINGS = [
  { key: 'server.host', reason: 'the HTTP server binds its address once, at start' },
  { key: 'server.port', reason: 'the HTTP server binds its port once, at start' },
  { key: 'server.allowed_hosts', reason: 'the Host-header guard is built with the HTTP server' },
  { key: 'server.trusted_proxies', reason: 'proxy trust is fixed when the HTTP server is built' },
  { key: 'storage.db_path', reason: 'the database is opened once, at start' },
  { key: 'storage.url', reason: 'the database is opened once, at start' },
  { key: 'storage.worker_release_after_seconds', reason: 'the job engine reads it when it starts' },
  { key: 'logging.level', reason: 'the logger is created at start' },
  {
    key: 'social_api',
    reason: 'the platform client (backend, hosts, OAuth app, timeout) is built once, at start',
  },
  { key: 'circuit_breaker', reason: 'the circuit breaker is built with the platform client' },
  { key: 'mcp', reason: 'the tool server’s HTTP endpoint is built once, at start' },
] as const satisfies ReadonlyArray<{ key: string; reason: string }>;

/** Why a change to `key` waits for a restart, or undefined when it applies live. */
export function restartReason(key: string): string | undefined {
  return RESTART_REQUIRED_SETTINGS.find((entry) => key === entry.key || key.startsWith(`${entry.key}.`))
    ?.reason;
}

export const SettingSourceSchema = z
  .object({
    kind: z
      .enum(['default', 'file', 'env', 'flag', 'account'])
      .describe(
        '`flag` beats `env` beats `file` beats `default`; for one account, its own setting (`account`, from its `[accounts.<name>]` table) beats them all.',
      ),
    file: z.string().optional().describe('The config file (kinds `file`, `account`).'),
    line: z.number().int().optional().describe('1-based line in the file (kinds `file`, `account`).'),
    column: z.number().int().optional(),
    name: z.string().optional().describe('The environment variable or flag (kinds `env`, `flag`).'),
    account: z.string().optional().describe('The account whose own setting it is (kind `account`).'),
  })
  .describe('Where the value came from.');

export const SettingFieldSchema = z.object({
  key: z.string().describe('Dotted key, as in docs/configuration.md (`limits.max_replies_per_day`).'),
  value: z
    .unknown()
    .describe('Effective value (derived defaults filled in); null when unset; secrets masked.'),
  source: SettingSourceSchema,
  secret: z.boolean().describe('A secret: write-only, never answered unmasked.'),
  restart_required: z.boolean().describe('A change applies only after the process restarts.'),
});

export const SettingsIssueSchema = z.object({
  key: z.string().describe("Dotted key path ('' for the whole file)."),
  message: z.string(),
  severity: z.enum(['error', 'warning']),
});
export type SettingsIssue = z.infer<typeof SettingsIssueSchema>;

export const SettingsViewSchema = z.object({
  config_path: z.string().describe('The config file the settings are read from and written to.'),
  valid: z
    .boolean()
    .describe(
      'The file on disk loads cleanly; when false, `config` and `settings` show the last good config.',
    ),
  issues: z.array(SettingsIssueSchema).describe('Problems of the config on disk (warnings included).'),
  config: z
    .record(z.string(), z.unknown())
    .describe('The effective config, nested, secrets masked (as `app settings --show --format json`).'),
  settings: z.array(SettingFieldSchema).describe('Every key with its effective value and its source.'),
});
export type SettingsView = z.infer<typeof SettingsViewSchema>;

/** One key to write: a value, or undefined to remove the key from the file. */
export interface SettingEdit {
  key: string;
  value?: unknown;
}

const SettingKey = z.string().min(1).max(200);

export const PatchSettingsInput = z
  .object({
    set: z
      .record(SettingKey, z.unknown())
      .default({})
      .describe(
        'Dotted keys (`limits.max_replies_per_day`, `content_sources.sources`) mapped to JSON values of the key’s type (lists as arrays, tables as objects); `null` removes the key from the file.',
      ),
    unset: z
      .array(SettingKey)
      .max(500)
      .default([])
      .describe('Dotted keys to remove from the file (their default, env or flag value applies).'),
  })
  .strict();
export type PatchSettings = z.infer<typeof PatchSettingsInput>;

export const PatchSettingsResultSchema = SettingsViewSchema.extend({
  changed: z.array(z.string()).describe('Keys whose effective value changed.'),
  restart_required: z
    .array(z.object({ key: z.string(), reason: z.string() }))
    .describe('Changed keys that apply only after a restart, with the reason.'),
});
export type PatchSettingsResult = z.infer<typeof PatchSettingsResultSchema>;
