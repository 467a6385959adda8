// The accounts part of docs/configuration.md: the `[accounts.<name>]` table generated from its schema, then
// the hand-written "Several accounts" section (layout, inheritance and precedence, names, what is per service).
import {
  ACCOUNT_NAME_MAX,
  ACCOUNT_SECTION_NAMES,
  AccountSchema,
  DEFAULT_ACCOUNT,
  SERVICE_SETTINGS,
} from '../../contracts/config/accounts.js';
import { describeField } from '../../core/domain/schema-walk.js';

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
const sections = new Set<string>(ACCOUNT_SECTION_NAMES);

function typeOf(kind: string, enumValues?: readonly string[]): string {
  if (kind === 'enum') return `one of ${enumValues?.map((v) => `\`${v}\``).join(', ')}`;
  return kind === 'string_list' ? 'list' : kind;
}

/** Service settings as the docs name them: `deployment_mode`, `[server]`. */
function serviceKeys(): string {
  return Object.entries(SERVICE_SETTINGS)
    .filter(([key]) => key !== 'accounts')
    .map(([key, { where }]) => (where.startsWith('in [') ? `\`[${key}]\`` : `\`${key}\``))
    .join(', ');
}

function accountTable(): string[] {
  const rows = Object.entries(AccountSchema.shape)
    .filter(([key]) => !Object.hasOwn(SERVICE_SETTINGS, key))
    .map(([key, field]) => {
      if (sections.has(key))
        return `| \`[accounts.<name>.${key}]\` | table | Any key of \`[${key}]\`, each optional; a key left out inherits the global value. |`;
      const { kind, enumValues, description } = describeField(field);
      return `| \`${key}\` | ${cell(typeOf(kind, enumValues))} | ${cell(description)} |`;
    });
  return [
    '',
    '## `[accounts.<name>]`',
    '',
    'One table per further account (see "Several accounts" below). Read from the file only: no environment',
    'variable or flag sets an account’s key.',
    '',
    '| Key | Type | Description |',
    '|---|---|---|',
    ...rows,
  ];
}

function severalAccounts(): string[] {
  return [
    '',
    '## Several accounts',
    '',
    'One service can run several accounts. The global sections above are the settings of the **default',
    'account**, and the values every other account inherits. Each further account is a table of the same file:',
    '',
    '```toml',
    'default_account = "personal"   # optional: the default account’s name (unset: "default")',
    '',
    '[limits]',
    'max_replies_per_day = 5',
    '',
    '[accounts.acme]',
    'display_name = "Acme Inc."',
    'mode = "composer"',
    '',
    '[accounts.acme.business]',
    'product_name = "Acme"',
    'product_keywords = ["acme cli", "terminal tools"]',
    '',
    '[accounts.acme.limits]',
    'max_replies_per_day = 2        # acme: 2; personal: 5',
    '',
    '[accounts.acme.schedule]',
    'timezone = "America/New_York"',
    '',
    '[[accounts.acme.content_sources.sources]]',
    'path = "~/acme-notes"',
    '```',
    '',
    '- **Layout.** `[accounts.<name>]` may set `display_name`, `mode` and `approval_mode`, and override',
    '  sections, each with the keys of the global section of that name, every one optional:',
    `  ${ACCOUNT_SECTION_NAMES.map((s) => `\`[accounts.<name>.${s}]\``).join(', ')}.`,
    '- **Inheritance.** An account runs with the global settings with its own keys put over them. A key it',
    '  leaves out has the global value. Sections merge key by key, and a table inside a section',
    '  (`preferred_times_override`) by its keys; a list (`product_keywords`, `banned_phrases`, `rules`,',
    '  `[[…content_sources.sources]]`) replaces the global list whole, it is never added to. `mode = "composer"`',
    '  forces approval on for that account, as it does globally.',
    '- **Precedence.** Environment variables and flags set global values only; there is no per-account',
    '  variable. For the default account the order is the one above: flags, environment, the file, the',
    '  defaults. For any other account, its own key wins over all of them, because it is the more specific',
    '  setting; a key it leaves out follows the global value, whatever set that. So',
    '  `APP_LIMITS__MAX_REPLIES_PER_DAY=3` changes the default account and every account that does not set',
    '  `max_replies_per_day` itself. Next to the sources of the global values (`flag`, `env`, `file`,',
    '  `default`), an account’s own key has its own: `{"kind": "account", "account": "acme"}`, with its line.',
    '- **Checks.** An account’s keys are checked exactly like the global ones: types and ranges, then the',
    '  cross-field rules on the account’s effective settings. Each problem names the full key',
    '  (`accounts.acme.limits.max_replies_per_day`); like every config error it stops each command with exit',
    '  code 2. Unknown keys in an account table are warnings with the nearest valid key, as elsewhere.',
    `- **Names.** An account name is 1 to ${ACCOUNT_NAME_MAX} characters: a lower-case letter, then lower-case`,
    '  letters, digits, `_` or `-` (`acme`, `client-2`, `side_project`). No dots, slashes, spaces, quotes or',
    '  upper case: the name is a TOML key and a folder name. A bad name is refused with this rule.',
    `  \`${DEFAULT_ACCOUNT}\` is reserved for the default account; \`default_account\` names the default account`,
    '  (same rule), and no `[accounts.*]` table may have its name.',
    '- **Per service, never per account.** These are set once for the whole service; such a key in an account',
    '  table is an error naming it (`accounts.acme.server: not an account setting; set it in [server]`):',
    `  ${serviceKeys()}.`,
    '- **One account changes nothing.** A file with neither `[accounts]` nor `default_account` is the',
    '  single-account config: it loads to the same settings as before accounts existed, and every writer',
    '  (`app settings --set`, `PATCH /api/settings`, `app init`, the first-run wizard, `app update`) writes',
    '  the same bytes.',
    '',
    '### Where an account lives',
    '',
    '- **Settings:** its `[accounts.<name>]` table in `config.toml`, the one source of truth. `app accounts` and',
    '  `/api/accounts` edit it as `app settings --set` edits the rest: one validated change, written atomically,',
    '  every other byte of the file (comments, order, layout) kept. Its own keys are set with',
    '  `app settings --account NAME --set key=value` or `PATCH /api/settings` with `X-App-Account: NAME`, or',
    '  by hand (a running service reloads the file within 2 seconds).',
    '- **Data:** rows in the database. Each account has a row in the `accounts` table, and every other table',
    '  holds its id in `account_id`. An account finds its row by its name. The first default account has the',
    '  first row the database was created with, whatever its name, so one account’s data never moves. A',
    '  further account gets its row when it is added (or, for a table written by hand, when the service first',
    '  starts with it). A row stays with its account through a rename and through `app accounts default`.',
    '- **Login:** the account of the first row keeps its platform tokens in `<data dir>/tokens.json`, as with',
    '  one account; every other account’s are `<data dir>/accounts/<id>/tokens.json`, named by its row’s id,',
    '  so a rename, or another account made the default, moves nothing. The same holds for the tool server’s',
    '  token (`mcp_token`). One platform user belongs to one account: logging an account in (`app auth`, Connect account)',
    '  as a user another account is logged in as is refused with that account’s name, nothing is saved, and',
    '  the platform is asked to revoke the tokens it has just issued.',
    '',
    '### Adding, renaming and removing accounts',
    '',
    '| Command | HTTP | What it does |',
    '|---|---|---|',
    '| `app accounts list [--json]` | `GET /api/accounts` | Every account, the default first: name, display name, status (`active`, or `removed` with its data kept), its login (state and @handle, from its tokens file) and the keys it overrides. |',
    '| `app accounts add NAME [--display-name TEXT]` | `POST /api/accounts` | Appends `[accounts.NAME]` to the file and makes its row. A bad name is refused with the rule (exit 2, HTTP 400); a name an account has is a conflict (exit 2, HTTP 409). |',
    '| `app accounts rename OLD NEW` | `PATCH /api/accounts/{name}` (`new_name`, `display_name`) | Renames the table (for the default account: sets `default_account`) and the row’s name in the same step. Its id, data and login stay. |',
    '| `app accounts default NAME` | `POST /api/accounts/{name}/default` | Makes NAME the default account. See below. |',
    '| `app accounts remove NAME [--purge] [--yes]` | `DELETE /api/accounts/{name}` (`confirm`, `purge`) | See below. |',
    '',
    '**Another default account.** The default account is the one that requests naming no account, `app mcp',
    'serve` without `--account` and the CLI act on, and its settings are the global sections. `app accounts',
    'default NAME` changes it in one edit of the file: `default_account = "NAME"`, NAME’s own keys become the',
    'global values, its table goes, and the former default gets an `[accounts.<former>]` table with the keys',
    'it needs to keep its values; any other account that inherited a key NAME set gets it back as its own.',
    'Every account runs with exactly the settings it had (the answer lists the keys written), and keeps its',
    'row, data and login. NAME’s display name is dropped (the default account shows its name). It is refused',
    'while the default account is still called `default` (a name only the default may have: rename it first),',
    'when an environment variable or a flag also sets one of NAME’s own keys (as a global value it would be',
    'overridden), and when a value could not be given back (a day of `preferred_times_override` that NAME adds',
    'and others inherit; set it on them first). A running service keeps each account’s settings right at',
    'once, and acts on the former default for requests naming no account until it restarts.',
    '',
    '**Restart.** The accounts a service runs are those of the file when it started: an added account runs',
    'after a restart, and a running service knows a renamed account by its old name until then (the answers',
    'say `restart_required`). A removed account stops at once: removed through the API, before the answer;',
    'removed with the CLI, when the running service reads the changed file.',
    '',
    '**Removal loses nothing by accident.** The default account cannot be removed. A removal is confirmed:',
    '`app accounts remove` asks on a terminal, and without one refuses (exit 2) unless given `--yes`; the API',
    'needs `{"confirm": "NAME"}`. Then the account’s table leaves the file, its row is marked `disabled`, its',
    'platform login is revoked (both tokens, at the revocation endpoint beside `social_api.token_url`, and only',
    'at the host that issued them) and its login files are deleted; if the platform cannot be reached, the',
    'files are deleted all the same and the answer says to revoke the app’s access in the platform’s settings.',
    'Every row of its data is kept: `app accounts list` shows it as `removed`, and adding the same name again',
    'gives the new account that data back. `--purge` (API: `"purge": true`) deletes every row holding its id in',
    'every table (the tables are read from the schema, children before parents) and then its row, in one',
    'transaction; uploaded media files stay in `<data dir>/media`. The first row (the service’s first default',
    'account, made a further one by `app accounts default`) is never purged: removed, its data is kept. A',
    'backup taken before (`app backup`) still',
    'has the rows: restoring it (stop the service, copy the backup over `app.db`) brings the account back as',
    '`removed`, ready to be added again (and logged in again: its login was revoked).',
  ];
}

export function renderAccountsDocs(): string[] {
  return [...accountTable(), ...severalAccounts()];
}
