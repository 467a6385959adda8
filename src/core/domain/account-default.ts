// Making another account the default (`app accounts default NAME`): the global sections are the default
// account's own settings, so the new default's own keys move into them, and every other account (the
// former default, now a table of its own, among them) is given the keys it needs to keep running with
// exactly the settings it had. Worked out on the config object and checked there: every account's
// effective settings after the switch must equal those before, or nothing is planned.

import {
  ACCOUNT_SECTION_NAMES,
  ACCOUNT_TOP_LEVEL_KEYS,
  DEFAULT_ACCOUNT,
} from '../../contracts/config/accounts.js';
import type { Config } from '../../contracts/config/config.js';
import { AppError } from '../errors.js';
import { accountNames, defaultAccountName, effectiveAccountConfig } from './account-settings.js';
import type { ConfigSource } from './config-issue.js';
import { getPath, setPath } from './object-path.js';
import { sameData } from './same-data.js';

/** One value the switch writes: a global key (`limits.max_replies_per_day`) or an account's. */
export interface DefaultSwitchSetting {
  path: string[];
  value: unknown;
}

export interface DefaultSwitchPlan {
  /** The account that becomes the default. */
  name: string;
  /** The former default, from now on `[accounts.<previous>]`. */
  previous: string;
  /** The values to write, after the new default's table is removed and the former default's is added. */
  settings: DefaultSwitchSetting[];
  /** The new default's display name, which the default account does not have (it shows its name). */
  droppedDisplayName?: string;
}

const isTable = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The account's own keys as the inheritance merges them: a top-level key, or `section.field`. */
function ownKeys(account: Record<string, unknown>): string[][] {
  const keys: string[][] = [];
  for (const key of ACCOUNT_TOP_LEVEL_KEYS) if (account[key] !== undefined) keys.push([key]);
  for (const section of ACCOUNT_SECTION_NAMES) {
    const values = account[section];
    if (isTable(values))
      for (const [field, value] of Object.entries(values))
        if (value !== undefined) keys.push([section, field]);
  }
  return keys;
}

/**
 * The leaves of `value` under `path` that differ from `other` (a table is written key by key, so a
 * `preferred_times_override` day the account does not set stays inherited); everything when `other` is
 * not a table.
 */
function differingLeaves(path: string[], value: unknown, other: unknown): DefaultSwitchSetting[] {
  if (sameData(value, other)) return [];
  if (isTable(value) && isTable(other))
    return Object.entries(value).flatMap(([key, inner]) =>
      differingLeaves([...path, key], inner, other[key]),
    );
  return [{ path, value: structuredClone(value) }];
}

/** The config as the written plan leaves it (what the file loads to, env and flags aside). */
function applied(config: Config, plan: DefaultSwitchPlan): Config {
  const next = structuredClone(config) as Config & Record<string, unknown>;
  const accounts = { ...(next.accounts ?? {}) } as Record<string, unknown>;
  delete accounts[plan.name];
  accounts[plan.previous] = {};
  next.accounts = accounts as Config['accounts'];
  next.default_account = plan.name;
  for (const { path, value } of plan.settings) setPath(next, path, structuredClone(value));
  return next;
}

/**
 * What making `name` the default writes. Throws not_found for an account the config does not have,
 * conflict when it is the default already, validation_error when the default is still called `default`
 * (a name only the default account may have: rename it first) or when an own key of `name` is also set by
 * an environment variable or a flag (which would win over it once it is global), and conflict when some
 * account's settings could not be kept exactly (a key it cannot set back to what it inherited).
 */
export function planDefaultSwitch(
  config: Readonly<Config>,
  name: string,
  sources: ReadonlyMap<string, ConfigSource> = new Map(),
): DefaultSwitchPlan {
  const previous = defaultAccountName(config);
  if (name === previous) throw new AppError('conflict', `'${name}' is the default account already`);
  const table = Object.hasOwn(config.accounts ?? {}, name) ? config.accounts?.[name] : undefined;
  if (!table) throw new AppError('not_found', `no account named '${name}'`);
  if (previous === DEFAULT_ACCOUNT)
    throw new AppError(
      'validation_error',
      `the default account is called '${DEFAULT_ACCOUNT}', a name only the default account may have: give it a name first (app accounts rename ${DEFAULT_ACCOUNT} NEW_NAME), then make '${name}' the default`,
      { details: { issues: [{ key: 'default_account', message: 'rename the default account first' }] } },
    );
  const keys = ownKeys(table as Record<string, unknown>);
  const overridden = [...sources].filter(
    ([path, source]) =>
      (source.kind === 'env' || source.kind === 'flag') &&
      keys.some((key) => path === key.join('.') || path.startsWith(`${key.join('.')}.`)),
  );
  if (overridden.length > 0)
    throw new AppError(
      'validation_error',
      `'${name}' sets ${overridden.map(([path]) => path).join(', ')} itself, which ${overridden.length === 1 ? 'is' : 'are'} also set for the whole service by ${describe(overridden[0]?.[1])}: as the default account its value would be overridden. Unset that first.`,
      { details: { issues: overridden.map(([path]) => ({ key: path, message: 'set by env or a flag' })) } },
    );

  const names = accountNames(config);
  const before = new Map(names.map((n) => [n, effectiveAccountConfig(config, n).config] as const));
  const promoted = before.get(name) as Record<string, unknown>;
  const oldGlobal = before.get(previous) as Record<string, unknown>;
  const settings: DefaultSwitchSetting[] = [];
  // The global sections take the new default's own values (only what differs from them today).
  for (const key of keys)
    settings.push(...differingLeaves(key, getPath(promoted, key), getPath(oldGlobal, key)));
  // Every other account keeps what it ran with where that now differs from the new global values.
  for (const other of names.filter((n) => n !== name)) {
    const own = before.get(other) as Record<string, unknown>;
    for (const key of keys)
      settings.push(
        ...differingLeaves(['accounts', other, ...key], getPath(own, key), getPath(promoted, key)),
      );
  }
  const displayName = (table as { display_name?: string }).display_name;
  const plan: DefaultSwitchPlan = {
    name,
    previous,
    // An unset value cannot be written back (TOML has no null): the check below then refuses the switch.
    settings: settings.filter((setting) => setting.value !== undefined),
    ...(displayName === undefined ? {} : { droppedDisplayName: displayName }),
  };
  const after = applied(config, plan);
  const changed = names.flatMap((n) =>
    changedSettings(effectiveAccountConfig(after, n).config, before.get(n)).map((key) => `${n}: ${key}`),
  );
  if (changed.length > 0)
    throw new AppError(
      'conflict',
      `making '${name}' the default would change what other accounts run with (${changed.join(', ')}): a value they inherit today that they could not be given back (an unset key, or a day of a table '${name}' adds); set those keys on each account first`,
      { details: { changed } },
    );
  return plan;
}

/** The `section.field` keys (or top-level keys) whose values differ between two configs. */
function changedSettings(a: unknown, b: unknown): string[] {
  const left = a as Record<string, unknown>;
  const right = (b ?? {}) as Record<string, unknown>;
  return [...new Set([...Object.keys(left), ...Object.keys(right)])].flatMap((key) => {
    const [x, y] = [left[key], right[key]];
    if (sameData(x, y)) return [];
    if (!isTable(x) || !isTable(y)) return [key];
    return [...new Set([...Object.keys(x), ...Object.keys(y)])]
      .filter((field) => !sameData(x[field], y[field]))
      .map((field) => `${key}.${field}`);
  });
}

function describe(source: ConfigSource | undefined): string {
  if (source?.kind === 'env') return `the environment variable ${source.name}`;
  if (source?.kind === 'flag') return `the flag ${source.name}`;
  return 'the environment';
}
