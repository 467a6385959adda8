// [accounts.<name>]: further accounts of one service, as data. The global sections are the default account's
// settings and what every other account inherits; an account table overrides some of them, key by key.
// The name rule lives here so the CLI, the API and the dashboard refuse the same names with the same words.
import { z } from 'zod';
import { LimitsSchema, TargetsSchema } from './automation.js';
import { BusinessSchema } from './business.js';
import { NonEmptyTextSchema } from './common.js';
import { ContentSourcesSchema } from './content-sources.js';
import { McpPolicySchema } from './mcp-policy.js';
import { MODES } from './modes.js';
import { ScheduleSchema } from './schedule.js';

/** The default account's name when `default_account` is unset. */
export const DEFAULT_ACCOUNT = 'default';
export const ACCOUNT_NAME_MAX = 32;
export const ACCOUNT_NAME_PATTERN = /^[a-z][a-z0-9_-]*$/;
// A name is a TOML key and a folder name: no dots, slashes, spaces, quotes or upper case.
export const ACCOUNT_NAME_RULE = `an account name is 1 to ${ACCOUNT_NAME_MAX} characters: a lower-case letter, then lower-case letters, digits, '_' or '-'`;

/** Any account's name, the default account's included (`default_account`). */
export const AccountNameSchema = z
  .string({ error: ACCOUNT_NAME_RULE })
  .max(ACCOUNT_NAME_MAX, ACCOUNT_NAME_RULE)
  .regex(ACCOUNT_NAME_PATTERN, ACCOUNT_NAME_RULE);

/** Why `name` cannot name an `[accounts.<name>]` table (or a new account), or undefined when it can. */
export function accountNameProblem(name: string): string | undefined {
  if (!AccountNameSchema.safeParse(name).success)
    return `'${name}' is not an account name: ${ACCOUNT_NAME_RULE}`;
  if (name === DEFAULT_ACCOUNT)
    return `'${DEFAULT_ACCOUNT}' is reserved for the default account, whose settings are the global sections`;
  return undefined;
}

/** A name for a further account: the rule, and never the reserved `default`. */
export const NewAccountNameSchema = z.string().superRefine((name, ctx) => {
  const problem = accountNameProblem(name);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

type Shape = Record<string, z.ZodType>;

/** The field without its default (and without optional): what the user wrote, or nothing. */
function withoutDefault(field: z.ZodType): z.ZodType {
  let current = field;
  while (
    current instanceof z.ZodDefault ||
    current instanceof z.ZodPrefault ||
    current instanceof z.ZodOptional
  )
    current = current.unwrap() as z.ZodType;
  return current;
}

/**
 * A section's schema with every field optional and no default applied: a key left out inherits the
 * global value. Each value is checked exactly like the global field.
 */
function overridesOf<S extends Shape>(section: z.ZodObject<S>) {
  const shape = Object.fromEntries(
    Object.entries(section.shape).map(([key, field]) => {
      const optional = withoutDefault(field).optional();
      return [key, field.description ? optional.describe(field.description) : optional];
    }),
  );
  return z.object(shape) as unknown as z.ZodObject<{ [K in keyof S]: z.ZodOptional<S[K]> }>;
}

/** The sections an account may override. */
export const ACCOUNT_SECTIONS = {
  business: overridesOf(BusinessSchema).optional(),
  limits: overridesOf(LimitsSchema).optional(),
  schedule: overridesOf(ScheduleSchema).optional(),
  targets: overridesOf(TargetsSchema).optional(),
  mcp_policy: overridesOf(McpPolicySchema).optional(),
  content_sources: overridesOf(ContentSourcesSchema).optional(),
};
export type AccountSection = keyof typeof ACCOUNT_SECTIONS;
export const ACCOUNT_SECTION_NAMES = Object.keys(ACCOUNT_SECTIONS) as AccountSection[];

/** Top-level keys an account may set besides its sections. */
export const ACCOUNT_TOP_LEVEL_KEYS = ['mode', 'approval_mode'] as const;

/**
 * Settings of the whole service, never of one account: where it listens, stores and logs, the LLM, the
 * platform app and its client, loop timing, prices, the tool server and connectors. `where` is what the
 * refusal tells the user.
 */
export const SERVICE_SETTINGS = {
  deployment_mode: { where: 'at the top level' },
  max_batch_approve: { where: 'at the top level' },
  default_account: { where: 'at the top level' },
  accounts: { where: 'at the top level' },
  social_api: { where: 'in [social_api]' },
  auth: { where: 'in [auth]' },
  llm: { where: 'in [llm]' },
  scoring: { where: 'in [scoring]' },
  intervals: { where: 'in [intervals]' },
  storage: { where: 'in [storage]' },
  logging: { where: 'in [logging]' },
  server: { where: 'in [server]' },
  mcp: { where: 'in [mcp]' },
  circuit_breaker: { where: 'in [circuit_breaker]' },
  api_prices: { where: 'in [api_prices]' },
  connectors: { where: 'in [connectors]' },
} as const satisfies Record<string, { where: string }>;

/** A key of the service inside an account table: refused (an error, not an ignored unknown key). */
const refused = (where: string) => z.never({ error: `not an account setting; set it ${where}` }).optional();
const SERVICE_ONLY = Object.fromEntries(
  Object.entries(SERVICE_SETTINGS).map(([key, { where }]) => [key, refused(where)]),
) as Record<keyof typeof SERVICE_SETTINGS, ReturnType<typeof refused>>;

export const AccountSchema = z.object({
  display_name: NonEmptyTextSchema.max(100)
    .optional()
    .describe('How the dashboard and the CLI show the account; unset shows its name.'),
  mode: z
    .enum(MODES)
    .optional()
    .describe('`autopilot` or `composer` for this account; unset inherits `mode`.'),
  approval_mode: z
    .boolean()
    .optional()
    .describe(
      'Queue this account’s posts for review; unset inherits `approval_mode`. Always on in composer mode.',
    ),
  ...ACCOUNT_SECTIONS,
  ...SERVICE_ONLY,
});
export type Account = z.infer<typeof AccountSchema>;
export type AccountInput = z.input<typeof AccountSchema>;

/** `[accounts.<name>]` tables by name; a bad or reserved name is refused with the rule. */
export const AccountsSchema = z.record(NewAccountNameSchema, AccountSchema, {
  // zod reports a bad key as "Invalid key in record": say which rule it broke instead.
  error: (issue) =>
    issue.code === 'invalid_key' ? (issue.issues[0]?.message ?? ACCOUNT_NAME_RULE) : undefined,
});
