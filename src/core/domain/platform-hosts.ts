// Where each platform host lives, from `[social_api]`: the one place the client, the login and the universal
// request tools' host allowlist read them from.
import type { Config } from '../../contracts/config/config.js';
import type { SocialHost } from '../../contracts/social-endpoint.js';

/** Where each platform host lives, from `[social_api]`. */
export function socialBaseUrls(config: Readonly<Config>): Record<SocialHost, string> {
  const api = config.social_api;
  return {
    api: api.api_base_url,
    upload: api.upload_base_url,
    legacy_upload: api.legacy_upload_base_url,
    ads: api.ads_base_url,
  };
}
