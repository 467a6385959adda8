// `app test`'s platform probe: GET /2/users/me with the stored login through the production client, so a
// wrong api_base_url or a revoked token shows up with the platform's reason.
import type { Config } from '../../contracts/config/config.js';
import { isAppError } from '../../core/errors.js';
import type { Clock } from '../../core/ports/clock.js';
import { createSocialBackend } from './create-social-backend.js';

export interface PlatformProbeDeps {
  config: Readonly<Config>;
  tokensPath: string;
  scraperSessionPath: string;
  clock: Clock;
}

/** Asks the platform who the stored login is; never throws. */
export async function probePlatform(deps: PlatformProbeDeps): Promise<{ ok: boolean; message: string }> {
  const base = deps.config.social_api.api_base_url;
  try {
    const me = await createSocialBackend(deps).read.getMe();
    return { ok: true, message: `GET /2/users/me answered @${me.username} (${me.id}) at ${base}` };
  } catch (error) {
    const code = isAppError(error) ? `${error.code}: ` : '';
    const relogin = isAppError(error) && error.code === 'social_auth_expired' ? '; run `app auth`' : '';
    return { ok: false, message: `${code}${(error as Error).message} (${base})${relogin}` };
  }
}
