// Where each secret of the config is sent, declared once: the LLM key goes to the LLM endpoint (its base_url,
// else the provider's default), the platform client secret to the platform's token endpoint, the drive
// connector's client secret to the drive's token and revoke endpoints. A change that would send a stored
// secret to another origin (scheme, host, port) is one the settings API refuses unless the same change gives
// the secret for the new place or removes the stored one. Pure: the server and the dashboard share it.
import { LLM_PROVIDER_DEFAULTS, type LlmProvider } from '../../contracts/config/llm.js';

/** Reads a config value by its dotted key (the effective value; undefined when unset). */
export type ValueOf = (key: string) => unknown;

export interface SecretBinding {
  /** The secret's dotted config key. */
  secret: string;
  /** What the secret is, for messages. */
  label: string;
  /** The keys that decide where it is sent. */
  endpoints: readonly string[];
  /** The origins it is sent to, given the config's values. */
  destinations(value: ValueOf): string[];
}

/** The origin of a URL ("https://api.openai.com"), or undefined when it is not one. */
export function originOf(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

const origins = (...urls: unknown[]): string[] =>
  [...new Set(urls.map(originOf).filter((o): o is string => o !== undefined))].sort();

export const SECRET_BINDINGS: readonly SecretBinding[] = [
  {
    secret: 'llm.api_key',
    label: 'the LLM key',
    endpoints: ['llm.provider', 'llm.base_url'],
    destinations: (value) => {
      const provider = value('llm.provider') as LlmProvider | undefined;
      return origins(
        value('llm.base_url') ?? (provider ? LLM_PROVIDER_DEFAULTS[provider]?.baseUrl : undefined),
      );
    },
  },
  {
    secret: 'social_api.client_secret',
    label: 'the platform client secret',
    endpoints: ['social_api.token_url'],
    destinations: (value) => origins(value('social_api.token_url')),
  },
  {
    secret: 'connectors.cloud_drive.client_secret',
    label: 'the drive client secret',
    endpoints: ['connectors.cloud_drive.token_url', 'connectors.cloud_drive.revoke_url'],
    destinations: (value) =>
      origins(value('connectors.cloud_drive.token_url'), value('connectors.cloud_drive.revoke_url')),
  },
];

export interface MovedSecret {
  binding: SecretBinding;
  /** Where the stored secret goes now, and where the change would send it. */
  from: string[];
  to: string[];
}

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, i) => item === b[i]);

/**
 * The secrets a change would send somewhere new while still holding the stored value: set before and after,
 * not set anew by the change (`setAnew`: a removal from the file is seen in `after`), and bound for other
 * origins than before.
 */
export function movedSecrets(before: ValueOf, after: ValueOf, setAnew: ReadonlySet<string>): MovedSecret[] {
  return SECRET_BINDINGS.flatMap((binding) => {
    if (setAnew.has(binding.secret)) return [];
    if (before(binding.secret) === undefined || after(binding.secret) === undefined) return [];
    const from = binding.destinations(before);
    const to = binding.destinations(after);
    return same(from, to) ? [] : [{ binding, from, to }];
  });
}
