// The settings that point the app at a running fake: `[social_api]` lines to paste into config.toml as they
// are, and the same values as APP_SOCIAL_API__* environment variables. Variable names come from the config
// schema, so they cannot drift from what the app reads.
import { findLeaf } from '../../../core/domain/schema-walk.js';

export interface FakeSocialConfig {
  /** The `[social_api]` settings as values (a config object's `social_api`). */
  values: Record<string, string>;
  /** `[social_api]` and one `key = "value"` line per setting. */
  toml: string[];
  /** One `APP_SOCIAL_API__KEY=value` line per setting. */
  env: string[];
}

export function fakeSocialConfig(url: string, clientId: string): FakeSocialConfig {
  const settings: Array<[string, string]> = [
    ['client_id', clientId],
    ['api_base_url', url],
    ['upload_base_url', url],
    ['legacy_upload_base_url', url],
    ['ads_base_url', url],
    ['authorize_url', `${url}/i/oauth2/authorize`],
    ['token_url', `${url}/2/oauth2/token`],
  ];
  const envName = (key: string) => {
    const leaf = findLeaf(`social_api.${key}`);
    if (!leaf) throw new Error(`social_api.${key} is not a config key`);
    return leaf.env;
  };
  return {
    values: Object.fromEntries(settings),
    // JSON string syntax is valid TOML for these values (no control characters).
    toml: ['[social_api]', ...settings.map(([key, value]) => `${key} = ${JSON.stringify(value)}`)],
    env: settings.map(([key, value]) => `${envName(key)}=${value}`),
  };
}
