// The settings one account runs with: the global config with the account's `[accounts.<name>]` overrides
// merged in, and where each value comes from. The global sections are the default account's own settings.
import {
  ACCOUNT_SECTION_NAMES,
  ACCOUNT_TOP_LEVEL_KEYS,
  type Account,
  DEFAULT_ACCOUNT,
  SERVICE_SETTINGS,
} from '../../contracts/config/accounts.js';
import type { Config } from '../../contracts/config/config.js';
import { AppError } from '../errors.js';
import type { ConfigSource } from './config-issue.js';
import { mergeDeep } from './object-path.js';

/** The config one account runs with: every global setting, and nothing of the other accounts. */
export type AccountConfig = Omit<Config, 'accounts' | 'default_account'>;

export interface AccountSettings {
  account: string;
  /** Its `display_name`, else its name. */
  displayName: string;
  isDefault: boolean;
  config: AccountConfig;
  /** The dotted keys the account sets itself (`limits.max_replies_per_day`), each with its source. */
  overrides: ReadonlyMap<string, ConfigSource>;
  /** Where each set value comes from for this account: its own settings over the global sources. */
  sources: ReadonlyMap<string, ConfigSource>;
}

/** The default account's name: `default_account`, else `default`. */
export function defaultAccountName(config: Pick<Config, 'default_account'>): string {
  return config.default_account ?? DEFAULT_ACCOUNT;
}

/** Every account of the config: the default one first, then the `[accounts.*]` tables in file order. */
export function accountNames(config: Pick<Config, 'default_account' | 'accounts'>): string[] {
  return [defaultAccountName(config), ...Object.keys(config.accounts ?? {})];
}

/** The account's own values as dotted keys, in the order the schema lists them. */
function overriddenKeys(account: Account): Array<{ key: string; value: unknown }> {
  const found: Array<{ key: string; value: unknown }> = [];
  for (const key of ACCOUNT_TOP_LEVEL_KEYS)
    if (account[key] !== undefined) found.push({ key, value: account[key] });
  for (const section of ACCOUNT_SECTION_NAMES) {
    const values: Record<string, unknown> = account[section] ?? {};
    for (const [name, value] of Object.entries(values))
      if (value !== undefined) found.push({ key: `${section}.${name}`, value });
  }
  return found;
}

const within = (path: string, key: string) => path === key || path.startsWith(`${key}.`);

/** The global sources without the account tables and `default_account`, which are not an account's settings. */
function globalOnly(sources: ReadonlyMap<string, ConfigSource>): Map<string, ConfigSource> {
  return new Map(
    [...sources].filter(([path]) => !within(path, 'accounts') && !within(path, 'default_account')),
  );
}

/** The account source of `key`, placed in the file when the global sources located it there. */
function accountSource(name: string, located: ConfigSource | undefined): ConfigSource {
  if (located?.kind !== 'file') return { kind: 'account', account: name };
  const { file, line, column } = located;
  return {
    kind: 'account',
    account: name,
    file,
    ...(line === undefined ? {} : { line }),
    ...(column === undefined ? {} : { column }),
  };
}

/**
 * The full config `name` runs with, and where each value comes from. An account's own key beats the global
 * value whatever its source (file, env or flag): it is the more specific setting. Sections merge key by key
 * (a table such as `preferred_times_override` by its keys too); a list replaces the global list whole.
 * `sources` are the global ones, by dotted key, as the loader records them (file positions of the account
 * tables included). Throws `not_found` for a name the config does not have.
 */
export function effectiveAccountConfig(
  config: Config,
  name: string,
  sources: ReadonlyMap<string, ConfigSource> = new Map(),
): AccountSettings {
  const { accounts, default_account: _default, ...global } = structuredClone(config);
  const inherited = globalOnly(sources);
  if (name === defaultAccountName(config))
    return {
      account: name,
      displayName: name,
      isDefault: true,
      config: global,
      overrides: new Map(),
      sources: inherited,
    };
  const account = Object.hasOwn(accounts ?? {}, name) ? accounts?.[name] : undefined;
  // Never a hint of which accounts exist: a caller may not be allowed to know them.
  if (!account) throw new AppError('not_found', `no account named '${name}'`);

  const merged = global as Record<string, unknown>;
  const overrides = new Map<string, ConfigSource>();
  for (const { key, value } of overriddenKeys(account)) {
    const [section, field] = key.split('.') as [string, string | undefined];
    if (field === undefined) merged[section] = structuredClone(value);
    else
      merged[section] = mergeDeep(merged[section] as Record<string, unknown>, {
        [field]: structuredClone(value),
      });
    for (const path of [...inherited.keys()]) if (within(path, key)) inherited.delete(path);
    const prefix = `accounts.${name}.`;
    overrides.set(key, accountSource(name, sources.get(`${prefix}${key}`)));
    // Entries inside a list of tables (`content_sources.sources.0.path`) keep their own lines.
    for (const [path, source] of sources)
      if (path.startsWith(`${prefix}${key}.`))
        overrides.set(path.slice(prefix.length), accountSource(name, source));
  }
  return {
    account: name,
    displayName: account.display_name ?? name,
    isDefault: false,
    config: merged as AccountConfig,
    overrides,
    sources: new Map([...inherited, ...overrides]),
  };
}

/**
 * Why a dotted key cannot be one account's own setting (`limits.max_replies_per_day` can, `llm.model` is
 * the whole service's), or undefined when it can; the words say where the key is set instead.
 */
export function accountKeyProblem(key: string): string | undefined {
  const [head] = key.split('.');
  const own =
    (ACCOUNT_TOP_LEVEL_KEYS as readonly string[]).includes(key) ||
    key === 'display_name' ||
    (head !== undefined && (ACCOUNT_SECTION_NAMES as readonly string[]).includes(head) && key !== head);
  if (own) return undefined;
  const service = head === undefined ? undefined : SERVICE_SETTINGS[head as keyof typeof SERVICE_SETTINGS];
  return service
    ? `not an account setting: it is the whole service's; set it ${service.where} without an account`
    : `not an account setting: an account sets mode, approval_mode, display_name and keys of [${ACCOUNT_SECTION_NAMES.join('], [')}]`;
}
