// The first run from the browser: what is still missing (GET /api/setup/status), the answer of writing the
// first config (POST /api/setup/init), and the platform login's PKCE flow (/api/auth/platform/*).
import { z } from 'zod';

export const PlatformLoginSchema = z.object({
  linked: z.boolean().describe('Whether platform tokens are saved (<data dir>/tokens.json).'),
  state: z
    .string()
    .describe(
      '`ok`, `expiring`, `expired`, `missing`, `invalid`, `dead`, or `not_needed` (scraper backend).',
    ),
  user_id: z.string().nullable().describe('The logged-in account, when known.'),
  username: z.string().nullable().describe('Its handle, when known.'),
  expires_at: z.string().nullable().describe('When the access token expires (it is refreshed).'),
  scopes: z.array(z.string()).describe('Scopes the platform granted.'),
  message: z.string().nullable().describe('Why the login cannot be used, when it cannot.'),
});
export type PlatformLogin = z.infer<typeof PlatformLoginSchema>;

export const SetupQuestionSchema = z.object({
  key: z.string().describe('The dotted config key (the field name of POST /api/setup/init).'),
  label: z.string().describe('The question as `app init` asks it.'),
  help: z.string().describe('The field’s description from the config reference.'),
  step: z.string().describe('The `app init --advanced` step it belongs to.'),
  quickstart: z.boolean().describe('One of the 5 quickstart fields.'),
  kind: z.enum(['string', 'integer', 'number', 'boolean', 'enum', 'string_list', 'json']),
  options: z.array(z.string()).nullable().describe('The allowed values of a choice.'),
  secret: z.boolean(),
});
export type SetupQuestion = z.infer<typeof SetupQuestionSchema>;

export const LlmProviderChoiceSchema = z.object({
  provider: z.string(),
  default_model: z.string(),
  default_base_url: z.string(),
  needs_api_key: z.boolean(),
});

export const SetupStatusSchema = z.object({
  config_exists: z.boolean().describe('Whether the config file exists; false means this is the first run.'),
  config_path: z.string().describe('Where the config file is (or will be written).'),
  missing: z
    .array(z.string())
    .describe(
      'Quickstart fields still unset in the effective config (file < env < flags): of `business.product_name`, `business.product_keywords`, `llm.provider`, `llm.api_key` (not needed for ollama), `social_api.client_id`.',
    ),
  llm: z.object({
    configured: z.boolean().describe('Whether `[llm]` is complete enough to generate text.'),
    provider: z.string().nullable(),
    model: z.string().nullable().describe('The model in use (the provider default when unset).'),
    problem: z.string().nullable().describe('What is missing, when it is not configured.'),
  }),
  platform: PlatformLoginSchema,
  questions: z
    .array(SetupQuestionSchema)
    .describe(
      'The first-run questions in the order `app init --advanced` asks them (the quickstart’s first).',
    ),
  llm_providers: z
    .array(LlmProviderChoiceSchema)
    .describe('The LLM providers, the first being the default, with the model and endpoint used when unset.'),
});
export type SetupStatus = z.infer<typeof SetupStatusSchema>;

export const SetupInitResultSchema = z.object({
  status: z.literal('created'),
  config_path: z.string(),
  written: z
    .array(z.string())
    .describe('The keys written into the file (secrets by name only; secrets from env vars are not copied).'),
  from_env: z.array(z.string()).describe('Answers taken from APP_* env vars or flags of this process.'),
  restart_required: z
    .array(z.object({ key: z.string(), reason: z.string() }))
    .describe(
      'Written keys this process takes only at start (the platform client: `social_api.*`); the rest applies now. The dashboard’s Connect account uses the new client id at once; token refresh by the running service waits for a restart.',
    ),
});
export type SetupInitResult = z.infer<typeof SetupInitResultSchema>;

export const PlatformAuthStartInputSchema = z.object({
  base_url: z
    .string()
    .optional()
    .describe(
      'The address the browser reaches this server at (the dashboard sends its own origin). The platform sends the browser back to `{base_url}/api/auth/platform/callback`, which must be registered as a callback URL of your platform app. Its host must be a loopback name, `server.host` or one of `server.allowed_hosts`. Default `http://{server.host}:{server.port}`.',
    ),
});

export const PlatformAuthStartSchema = z.object({
  authorization_url: z.string().describe('The platform consent page to open (PKCE S256).'),
  state: z.string().describe('The login state (single use, 10 minutes).'),
  redirect_uri: z.string().describe('Where the platform sends the browser back.'),
});
export type PlatformAuthStart = z.infer<typeof PlatformAuthStartSchema>;

/** One first-run answer: text (read as the field's type), a list, a number or a switch. */
export const SetupAnswerSchema = z.union([z.string(), z.array(z.string()), z.number(), z.boolean()]);
/**
 * setup.init's answers as a type: dotted key → answer. The operation's own schema lists the first-run keys
 * with the config reference's descriptions, which come from the config schema walk (core/domain); this is
 * the shape every one of its inputs has, for the dashboard's generated client.
 */
export const SetupAnswersSchema = z.record(z.string(), SetupAnswerSchema);
