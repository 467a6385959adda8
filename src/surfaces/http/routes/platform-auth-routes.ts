// Connect account's one hand-made route: the OAuth callback the browser comes back to from the platform's
// consent page. Public like the drive callback: it carries no credentials of ours, and the single-use,
// 10-minute state that only an authenticated start hands out protects it. It answers a small page that
// tells the dashboard window and closes; start and status are operations (operations/onboarding).
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../app/wiring/create-app.js';
import { PLATFORM_CALLBACK_PATH } from '../../../core/services/setup/start-platform-login.js';
import { one, registerCallbackRoute } from './oauth-callback.js';

/**
 * Registers the platform login's callback route. The login completes in the account that started it (the
 * one whose link holds the state); an unknown state is refused by the default account's link.
 */
export function registerPlatformAuthRoutes(app: FastifyInstance, deps: Pick<AppDeps, 'accounts'>): void {
  registerCallbackRoute(app, PLATFORM_CALLBACK_PATH, {
    complete: async (request) => {
      const fields = ['code', 'state', 'error', 'error_description'].flatMap((name) => {
        const value = one(request.query, name);
        return value === undefined ? [] : [[name, value] as const];
      });
      const state = one(request.query, 'state');
      const accounts = deps.accounts.list();
      const starter =
        (state === undefined ? undefined : accounts.find((a) => a.deps.platformLink.holds(state))) ??
        accounts[0];
      if (!starter) throw new Error('the service has no account');
      const linked = await starter.deps.platformLink.complete(Object.fromEntries(fields));
      return {
        title: 'Platform account connected',
        text: `Signed in as @${linked.username}. You can close this window.`,
        message: { type: 'platform_linked', username: linked.username, user_id: linked.user_id },
      };
    },
    failure: {
      title: 'Connecting the platform account failed',
      message: (error) => ({ type: 'platform_link_failed', error }),
    },
    // After a same-tab sign-in (the popup was blocked): back to the first-run wizard, which resumes.
    back: { href: '/welcome', label: 'Back to the dashboard' },
  });
}
