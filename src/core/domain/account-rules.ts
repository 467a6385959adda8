// The cross-field rules for accounts: each account's effective settings are checked by the same rules as the
// global ones, and what only the account brings is reported under its own key (`accounts.acme.…`).
import type { Config } from '../../contracts/config/config.js';
import { defaultAccountName, effectiveAccountConfig } from './account-settings.js';
import type { RuleProblem, ValidationContext } from './config-rule-types.js';
import { validateConfigRules } from './config-validation.js';

const sameProblem = (a: RuleProblem, b: RuleProblem) =>
  a.severity === b.severity && a.message === b.message && a.path.join('.') === b.path.join('.');

/** The previous config of the same account, so a save keeps what that account already had. */
function previousOf(previous: Config | undefined, name: string): Config | undefined {
  if (!previous) return undefined;
  const had = name === defaultAccountName(previous) || Object.hasOwn(previous.accounts ?? {}, name);
  return had ? (effectiveAccountConfig(previous, name).config as Config) : undefined;
}

/**
 * Problems of the `[accounts.*]` tables; `global` are the problems of the global config, already reported
 * (an account that inherits a problem does not repeat it).
 */
export function accountRuleProblems(
  config: Config,
  context: ValidationContext,
  global: readonly RuleProblem[],
): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const defaultName = defaultAccountName(config);
  for (const name of Object.keys(config.accounts ?? {})) {
    if (name === defaultName) {
      problems.push({
        severity: 'error',
        path: ['accounts', name],
        message: `'${name}' is the default account (default_account): its settings are the global sections`,
      });
      continue;
    }
    const effective = effectiveAccountConfig(config, name).config as Config;
    const previous = previousOf(context.previous, name);
    for (const problem of validateConfigRules(effective, { ...context, previous })) {
      if (global.some((known) => sameProblem(known, problem))) continue;
      problems.push({ ...problem, path: ['accounts', name, ...problem.path] });
    }
  }
  return problems;
}
