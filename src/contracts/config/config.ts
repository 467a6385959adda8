// The whole configuration, declared once: every other view (env names, docs, masking, scaffolds) is derived.
import { z } from 'zod';
import { AccountNameSchema, AccountsSchema, DEFAULT_ACCOUNT } from './accounts.js';
import { ApiPricesSchema } from './api-prices.js';
import {
  CircuitBreakerSchema,
  IntervalsSchema,
  LimitsSchema,
  ScoringSchema,
  TargetsSchema,
} from './automation.js';
import { BusinessSchema } from './business.js';
import { ConnectorsSchema, ContentSourcesSchema } from './content-sources.js';
import { LlmSchema } from './llm.js';
import { McpPolicySchema } from './mcp-policy.js';
import { McpServerSchema } from './mcp-server.js';
import { MODES } from './modes.js';
import { LoggingSchema, ServerSchema, StorageSchema } from './runtime.js';
import { ScheduleSchema } from './schedule.js';
import { AuthSchema, SocialApiSchema } from './social-api.js';

export { MODES, type Mode } from './modes.js';
export const DEPLOYMENT_MODES = ['desktop', 'self_host', 'cloud'] as const;
export type DeploymentMode = (typeof DEPLOYMENT_MODES)[number];

export const ConfigSchema = z.object({
  mode: z
    .enum(MODES)
    .default('autopilot')
    .describe('`autopilot` runs every loop; `composer` is write-it-yourself.'),
  deployment_mode: z
    .enum(DEPLOYMENT_MODES)
    .default('desktop')
    .describe('Where the service runs: desktop, self_host or cloud (cloud has no local folder sources).')
    .meta({ aliases: { selfhost: 'self_host', 'self-host': 'self_host' } }),
  approval_mode: z
    .boolean()
    .default(true)
    .describe('Queue every post for human review. Always on in composer mode.'),
  max_batch_approve: z.number().int().positive().default(25).describe('Most items one approve-all may post.'),
  // No default in the schema: a config without it parses to exactly the object it did before accounts.
  default_account: AccountNameSchema.optional().describe(
    `Name of the default account, the one the global sections configure and the spec's paths and tools act on; unset means \`${DEFAULT_ACCOUNT}\`.`,
  ),
  social_api: SocialApiSchema.prefault({}),
  auth: AuthSchema.prefault({}),
  business: BusinessSchema.prefault({}),
  llm: LlmSchema.prefault({}),
  targets: TargetsSchema.prefault({}),
  scoring: ScoringSchema.prefault({}),
  limits: LimitsSchema.prefault({}),
  intervals: IntervalsSchema.prefault({}),
  schedule: ScheduleSchema.prefault({}),
  storage: StorageSchema.prefault({}),
  logging: LoggingSchema.prefault({}),
  server: ServerSchema.prefault({}),
  mcp: McpServerSchema.prefault({}),
  mcp_policy: McpPolicySchema.prefault({}),
  circuit_breaker: CircuitBreakerSchema.prefault({}),
  api_prices: ApiPricesSchema.prefault({}),
  content_sources: ContentSourcesSchema.prefault({}),
  connectors: ConnectorsSchema.prefault({}),
  accounts: AccountsSchema.optional()
    .describe(
      'Further accounts, one `[accounts.<name>]` table each, inheriting every global setting they leave unset.',
    )
    .meta({ namedTables: true }),
});

export type Config = z.infer<typeof ConfigSchema>;
/** The config as written by a user: every key optional. */
export type ConfigInput = z.input<typeof ConfigSchema>;

/** Section descriptions for docs, scaffolds and the settings menu. */
export const SECTION_TITLES: Record<string, string> = {
  social_api: 'Platform API credentials, backend and hosts',
  auth: 'OAuth login callback',
  business: 'Product profile, keywords, voice and persona',
  llm: 'LLM provider',
  targets: 'Target account monitoring',
  scoring: '6-signal scoring weights and threshold',
  limits: 'Rate limits and safety guardrails',
  intervals: 'Loop timing',
  schedule: 'Active hours and timezone',
  storage: 'Database path and retention',
  logging: 'Log level and status interval',
  server: 'HTTP server',
  mcp: 'Tool server over streamable HTTP',
  mcp_policy: 'Tool mutation policy',
  circuit_breaker: 'Platform rate-limit protection',
  api_prices: 'Platform API prices per call (pay-per-use, April 2026 defaults)',
  content_sources: 'Local folders and cloud drive',
  connectors: 'OAuth app credentials for remote sources',
  'connectors.cloud_drive': 'Cloud drive OAuth client',
};
