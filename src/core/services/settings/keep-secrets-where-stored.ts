// The settings API's rule for stored secrets: a change that would send one (the LLM key, a client secret) to
// another origin than the one it was stored with must give the secret for the new place in the same change,
// or remove the stored one. A file edited by hand is its owner's and is not judged here.
import type { Config } from '../../../contracts/config/config.js';
import type { ConfigIssue } from '../../domain/config-issue.js';
import { getPath } from '../../domain/object-path.js';
import { movedSecrets, type ValueOf } from '../../domain/secret-destinations.js';
import type { ChangeCheck } from '../../ports/settings-store.js';

const valuesOf =
  (config: Readonly<Config>): ValueOf =>
  (key) =>
    getPath(config, key.split('.'));

/** The check for one change, given the keys it sets to a value (a secret given anew goes where it is told). */
export function keepSecretsWhereStored(setAnew: ReadonlySet<string>): ChangeCheck {
  return ({ before, after, sources }) => {
    if (!before) return [];
    const was = valuesOf(before);
    const will = valuesOf(after);
    return movedSecrets(was, will, setAnew).map(({ binding, from, to }): ConfigIssue => {
      const key = binding.endpoints.find((k) => was(k) !== will(k)) ?? binding.endpoints[0] ?? binding.secret;
      const source = sources.get(binding.secret);
      const fromEnv =
        source?.kind === 'env'
          ? ` It is set by ${source.name}: change the endpoint where the secret is set.`
          : ` Give the secret for the new endpoint in the same change (${binding.secret}), or remove the stored one ("unset": ["${binding.secret}"]).`;
      return {
        severity: 'error',
        key,
        message: `${binding.label} is only ever sent to ${from.join(' and ') || 'where it was stored'}; this change would send it to ${to.join(' and ') || 'another endpoint'}.${fromEnv}`,
      };
    });
  };
}
