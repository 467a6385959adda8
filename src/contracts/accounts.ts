// The service's accounts as data, managed from the CLI (`app accounts …`) and the API (/api/accounts): the
// list with each account's login and overrides, and what adding, renaming and removing one answers.
import { z } from 'zod';
import { ACCOUNT_NAME_RULE, AccountNameSchema, NewAccountNameSchema } from './config/accounts.js';

export const ACCOUNT_LOGIN_STATES = ['missing', 'invalid', 'valid', 'expiring', 'expired'] as const;

export const AccountLoginSchema = z.object({
  state: z
    .enum(ACCOUNT_LOGIN_STATES)
    .describe(
      'The saved platform login, read from the account’s tokens file (no platform call): `missing` (never logged in, or removed), `invalid` (the file does not parse), `valid`, `expiring` (within 5 minutes) or `expired` (refreshed at next use when a refresh token is kept).',
    ),
  user_id: z.string().nullable().describe('The platform user the login belongs to.'),
  username: z.string().nullable().describe('Its @handle, without the @.'),
  expires_at: z.string().nullable().describe('When the access token expires (ISO 8601).'),
});
export type AccountLogin = z.infer<typeof AccountLoginSchema>;

export const AccountSummarySchema = z.object({
  name: z.string().describe('The account’s name in the config (`default_account` for the default one).'),
  display_name: z.string().describe('Its `display_name`, else its name.'),
  default: z.boolean().describe('The default account: its settings are the global sections.'),
  status: z
    .enum(['active', 'removed'])
    .describe(
      '`active`: in the config. `removed`: taken out of the config, its data kept (adding the name again gives it back; `purge` deletes it).',
    ),
  running: z
    .boolean()
    .nullable()
    .describe(
      'Whether the answering service runs it now: an account added or renamed runs after a restart. Null when asked outside a running service (the CLI).',
    ),
  login: AccountLoginSchema,
  overrides: z
    .array(z.string())
    .describe(
      'The settings the account sets itself (dotted keys such as `limits.max_replies_per_day`); every other one is inherited.',
    ),
});
export type AccountSummary = z.infer<typeof AccountSummarySchema>;

export const AccountListSchema = z.object({
  default_account: z.string().describe('The default account’s name.'),
  accounts: z.array(AccountSummarySchema).describe('The default account first, then the config’s order.'),
});
export type AccountList = z.infer<typeof AccountListSchema>;

const DisplayNameSchema = z
  .string()
  .trim()
  .min(1, 'a display name is not empty')
  .max(100, 'a display name is at most 100 characters');

/** Any existing account's name as a request names it: long enough for every name the rule allows. */
const ExistingNameSchema = z.string().min(1).max(64).describe('The account’s name.');

export const AddAccountInput = z.object({
  name: NewAccountNameSchema.describe(`The new account’s name: ${ACCOUNT_NAME_RULE}; not \`default\`.`),
  display_name: DisplayNameSchema.optional().describe('How the dashboard and the CLI show it.'),
});
export type AddAccount = z.infer<typeof AddAccountInput>;

/** What a change that waits for a restart says, once. */
const RestartRequiredSchema = z
  .boolean()
  .describe(
    'True when the running service takes the change only after a restart (accounts are fixed when it starts).',
  );

export const AddAccountResultSchema = z.object({
  account: AccountSummarySchema,
  restored_data: z
    .boolean()
    .describe(
      'True when an account removed earlier under this name kept its data, and this one has it again.',
    ),
  restart_required: RestartRequiredSchema,
  message: z.string().describe('What happened and what to do next, in one sentence or two.'),
});
export type AddAccountResult = z.infer<typeof AddAccountResultSchema>;

export const UpdateAccountInput = z
  .object({
    name: ExistingNameSchema,
    new_name: AccountNameSchema.optional().describe(
      `Rename it (${ACCOUNT_NAME_RULE}). The default account may be renamed too (\`default_account\`, and back to \`default\`); a further account is never called \`default\`. Its data and login stay.`,
    ),
    display_name: DisplayNameSchema.nullable()
      .optional()
      .describe('Set its display name, or null to show its name. Not for the default account.'),
  })
  .refine((input) => input.new_name !== undefined || input.display_name !== undefined, {
    message: 'name a change: new_name, display_name or both',
  });
export type UpdateAccount = z.infer<typeof UpdateAccountInput>;

export const UpdateAccountResultSchema = z.object({
  account: AccountSummarySchema,
  previous_name: z.string(),
  restart_required: RestartRequiredSchema,
  message: z.string(),
});
export type UpdateAccountResult = z.infer<typeof UpdateAccountResultSchema>;

export const MakeDefaultAccountInput = z.object({ name: ExistingNameSchema });
export type MakeDefaultAccount = z.infer<typeof MakeDefaultAccountInput>;

export const MakeDefaultAccountResultSchema = z.object({
  account: AccountSummarySchema,
  previous_default: z
    .string()
    .describe('The former default account, now an `[accounts.<name>]` table of its own.'),
  moved_settings: z
    .array(z.string())
    .describe(
      'The keys the switch wrote (dotted: global ones such as `limits.max_replies_per_day`, and `accounts.<name>.…` for the accounts that keep their value), so that every account runs with exactly the settings it had.',
    ),
  dropped_display_name: z
    .string()
    .nullable()
    .describe('The new default’s display name, dropped: the default account shows its name.'),
  restart_required: RestartRequiredSchema,
  message: z.string(),
});
export type MakeDefaultAccountResult = z.infer<typeof MakeDefaultAccountResultSchema>;

export const RemoveAccountInput = z.object({
  name: ExistingNameSchema,
  confirm: z
    .string()
    .describe('The account’s name again: a removal is never made by accident (missing or different: 400).'),
  purge: z
    .boolean()
    .default(false)
    .describe(
      'Also delete every row of its data (drafts, posts, audit, …) in one transaction. Without it the data is kept and comes back when the name is added again.',
    ),
});
export type RemoveAccount = z.infer<typeof RemoveAccountInput>;

export const RemoveAccountResultSchema = z.object({
  name: z.string(),
  purged: z.boolean(),
  rows_deleted: z.number().int().describe('Rows of its data deleted (0 unless purged).'),
  tokens: z
    .enum(['revoked', 'not_revoked', 'none'])
    .describe(
      '`revoked`: the platform revoked its login; `not_revoked`: the platform could not be asked (see message; revoke the app’s access in the platform’s settings); `none`: it had no login. The tokens file is deleted in every case.',
    ),
  message: z.string(),
});
export type RemoveAccountResult = z.infer<typeof RemoveAccountResultSchema>;
