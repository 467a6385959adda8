// Operation platform_auth.start: Connect account from the dashboard (the OAuth 2.0 PKCE login of `app auth`;
// the browser comes back to the public callback route, see surfaces/http/routes/platform-auth-routes.ts).
import { PlatformAuthStartInputSchema, PlatformAuthStartSchema } from '../../contracts/setup.js';
import { startPlatformLogin } from '../../core/services/setup/start-platform-login.js';
import { defineOperation } from '../define-operation.js';

export const platformAuthStartOperation = defineOperation({
  name: 'platform_auth.start',
  summary:
    'Starts the platform login (OAuth 2.0 with PKCE S256, the scopes `app auth` asks for): answers the consent page URL to open in a popup, the login `state` (single use, 10 minutes; the verifier never leaves the server) and the `redirect_uri` the platform sends the browser back to (`{base_url}/api/auth/platform/callback`, which must be registered with your platform app). Needs `social_api.client_id` (`social_not_configured` otherwise). The callback saves the tokens exactly as `app auth` does (0600) and tells the opener window.',
  input: PlatformAuthStartInputSchema,
  output: PlatformAuthStartSchema,
  mutation: true,
  http: { method: 'POST', path: '/api/auth/platform/start' },
  run: (deps, input) => startPlatformLogin({ config: () => deps.config, platform: deps.platformLink }, input),
});
