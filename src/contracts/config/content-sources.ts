// [content_sources] and [connectors]: note folders and the cloud drive that feed drafts and vault context.
import { z } from 'zod';
import { HttpUrlSchema, NonEmptyTextSchema } from './common.js';

export const SOURCE_TYPES = ['local_fs', 'cloud_drive'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

export const ContentSourceSchema = z.object({
  source_type: z.enum(SOURCE_TYPES).default('local_fs').describe('`local_fs` (a folder) or `cloud_drive`.'),
  enabled: z.boolean().optional().describe('Explicit on/off; unset follows `watch`.'),
  path: NonEmptyTextSchema.optional().describe(
    'Local folder (local_fs). `~` is expanded. Never a system location (`/`, `/etc`, `/proc`, `/var`, `/root`, `/usr`, …), a secret folder (`.ssh`, `.gnupg`, `.aws`, `.config`, …) or the data dir, also through a symlink.',
  ),
  watch: z.boolean().default(true).describe('Watch for changes.'),
  change_detection: z
    .enum(['auto', 'poll', 'none'])
    .default('auto')
    .describe('`auto` (watcher or drive poll), `poll` (periodic rescan), `none` (initial scan only).'),
  file_patterns: z
    .array(z.string().trim().min(1))
    .default(['*.md', '*.txt'])
    .describe(
      'File-name globs to index; each names note files by a text extension (`*.md`, `*.txt`, `*.markdown`, `*.org`, `*.rst`, …), never keys or credentials (`*.pem`, `id_rsa*`, `.env*`).',
    ),
  loop_back_enabled: z
    .boolean()
    .optional()
    .describe(
      'Write publish metadata back into the note front-matter. Default true for local_fs, false for drive.',
    ),
  analytics_sync_enabled: z
    .boolean()
    .default(false)
    .describe('Add engagement metrics to note front-matter (local only; needs loop_back_enabled).'),
  folder_id: NonEmptyTextSchema.optional().describe(
    'Drive folder to monitor; unset indexes the whole drive.',
  ),
  connection_id: z
    .number()
    .int()
    .positive()
    .optional()
    .describe('Linked drive account id (dashboard OAuth flow).'),
  service_account_key: NonEmptyTextSchema.optional().describe(
    'Legacy: path to a service-account JSON key file (a `.json` file outside system locations).',
  ),
  poll_interval_seconds: z
    .number()
    .int()
    .min(30)
    .default(300)
    .describe('Seconds between drive polls (min 30).'),
});
export type ContentSource = z.infer<typeof ContentSourceSchema>;

export const ContentSourcesSchema = z.object({
  sources: z
    .array(ContentSourceSchema)
    .default([])
    .describe('Repeatable [[content_sources.sources]] entries.'),
});

export const CloudDriveConnectorSchema = z.object({
  client_id: NonEmptyTextSchema.optional().describe('OAuth 2.0 client id (web-application client).'),
  client_secret: NonEmptyTextSchema.optional().describe('OAuth 2.0 client secret.').meta({ secret: true }),
  redirect_uri: HttpUrlSchema.optional().describe(
    'OAuth callback; unset means http://<server.host>:<server.port>/api/connectors/cloud-drive/callback.',
  ),
  auth_url: HttpUrlSchema.default('https://accounts.google.com/o/oauth2/v2/auth').describe(
    'Where the consent page lives (tests point it at a fake drive).',
  ),
  token_url: HttpUrlSchema.default('https://oauth2.googleapis.com/token').describe(
    'Token endpoint: code exchange, refresh and the service-account JWT grant.',
  ),
  api_base_url: HttpUrlSchema.default('https://www.googleapis.com').describe(
    'Drive API host (files, changes, content and export under /drive/v3).',
  ),
  revoke_url: HttpUrlSchema.default('https://oauth2.googleapis.com/revoke').describe(
    'Where a disconnected link revokes its token (best effort).',
  ),
  userinfo_url: HttpUrlSchema.default('https://openidconnect.googleapis.com/v1/userinfo').describe(
    "Where the linked account's email is read after consent.",
  ),
});

export const ConnectorsSchema = z.object({
  cloud_drive: CloudDriveConnectorSchema.prefault({}),
});
