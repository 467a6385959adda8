// What the dashboard's Settings page reads beside the settings view: the config schema as form fields (from
// the one schema walk), the tool catalog for the policy pickers, the LLM connection test, the backups.
import { z } from 'zod';
import { LLM_PROVIDERS } from './config/llm.js';

export const SETTING_KINDS = [
  'string',
  'integer',
  'number',
  'boolean',
  'enum',
  'string_list',
  'json',
] as const;

export const SettingFieldSpecSchema = z.object({
  key: z.string().describe('Dotted key, as in docs/configuration.md.'),
  section: z
    .string()
    .describe(
      "The section the field belongs to (`limits`, `connectors.cloud_drive`; 'general' for top-level keys).",
    ),
  label: z.string().describe('A short human name derived from the key.'),
  kind: z
    .enum(SETTING_KINDS)
    .describe('How the value is edited: lists of text are `string_list`, lists of tables `json`.'),
  enum_values: z.array(z.string()).optional().describe('The allowed values (kind `enum`).'),
  description: z.string().describe('The schema description: the help text.'),
  has_default: z.boolean(),
  default: z.unknown().describe('The built-in default (null when there is none).'),
  optional: z.boolean().describe('The key may be left unset.'),
  secret: z.boolean().describe('Write-only: never answered unmasked, never prefilled.'),
  example: z.unknown().optional().describe('An example value when there is no default.'),
  restart_reason: z
    .string()
    .nullable()
    .describe('Why a change waits for a restart, or null when it applies live.'),
});
export type SettingFieldSpec = z.infer<typeof SettingFieldSpecSchema>;

export const SettingsSchemaViewSchema = z.object({
  sections: z
    .array(z.object({ key: z.string(), title: z.string(), description: z.string() }))
    .describe('Every section in schema order (nested ones such as `connectors.cloud_drive` included).'),
  fields: z.array(SettingFieldSpecSchema).describe('Every leaf key of the config, in schema order.'),
});
export type SettingsSchemaView = z.infer<typeof SettingsSchemaViewSchema>;

export const ToolCatalogSchema = z.object({
  tools: z.array(
    z.object({
      name: z.string().describe('The tool name agents call (and `[mcp_policy]` lists name).'),
      category: z.string(),
      profiles: z.array(z.string()).describe('Tool server profiles that expose it.'),
      mutation: z.boolean().describe('It changes something (the policy applies to mutations).'),
      summary: z.string(),
    }),
  ),
});
export type ToolCatalog = z.infer<typeof ToolCatalogSchema>;

export const TestLlmInputSchema = z
  .object({
    provider: z
      .enum(LLM_PROVIDERS)
      .optional()
      .describe('Unsaved provider to try; the configured one when left out.'),
    model: z
      .string()
      .trim()
      .min(1)
      .optional()
      .describe('Unsaved model; the configured (or provider default) one when left out.'),
    base_url: z
      .url({ protocol: /^https?$/, error: 'expected an http(s) URL' })
      .optional()
      .describe('Unsaved endpoint; the configured (or provider default) one when left out.'),
    api_key: z.string().trim().min(1).optional().describe('Unsaved key; the configured key when left out.'),
  })
  .strict();
export type TestLlmInput = z.infer<typeof TestLlmInputSchema>;

export const TestLlmResultSchema = z.object({
  ok: z.boolean(),
  provider: z.string().nullable(),
  model: z.string().nullable(),
  base_url: z.string().nullable(),
  latency_ms: z
    .number()
    .int()
    .nullable()
    .describe('How long the one small generation took (null when it failed).'),
  message: z.string().describe("What happened: the provider's answer time, or its error in words."),
  code: z.string().nullable().describe('The error code when it failed (llm_not_configured, llm_error).'),
});
export type TestLlmResult = z.infer<typeof TestLlmResultSchema>;

export const BackupEntrySchema = z.object({
  file_name: z.string(),
  path: z.string(),
  size_bytes: z.number().int(),
  created_at: z.string().describe('When it was taken (ISO 8601, from its name).'),
});
export type BackupEntry = z.infer<typeof BackupEntrySchema>;

export const BackupListSchema = z.object({
  dir: z.string().describe('The backup folder (`<data dir>/backups`).'),
  backups: z.array(BackupEntrySchema).describe('Newest first.'),
});
export type BackupList = z.infer<typeof BackupListSchema>;

/** Taking a backup takes no fields, and says so: any field is refused. */
export const CreateBackupInput = z.object({}).strict();
