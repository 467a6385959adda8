// Connect account's one hand-made route: the OAuth callback the browser comes back to from the platform's
// consent page. Public like the drive callback: it carries no credentials of ours, and the single-use,
// 10-minute state that only an authenticated start hands out protects it. It answers a small page that
// tells the dashboard window and closes; start and status are operations (operations/onboarding).
import type { FastifyInstance } from 'fastify';
import type { PlatformLink } from '../../../core/ports/platform-link.js';
import { PLATFORM_CALLBACK_PATH } from '../../../core/services/setup/start-platform-login.js';
import { toErrorResponse } from '../error-response.js';
import { callbackPage, one } from './connector-routes.js';

/** After a same-tab sign-in (the popup was blocked): back to the first-run wizard, which resumes. */
const BACK = { href: '/welcome', label: 'Back to the dashboard' };

/** Registers the platform login's callback route. */
export function registerPlatformAuthRoutes(app: FastifyInstance, deps: { platformLink: PlatformLink }): void {
  app.get(PLATFORM_CALLBACK_PATH, { config: { public: true } }, async (request, reply) => {
    // A browser gets a page either way; an API client gets JSON errors in the one shape.
    const browser = (request.headers.accept ?? '').includes('text/html');
    try {
      const field = (name: string) => one(request.query, name);
      const callback = {
        code: field('code'),
        state: field('state'),
        error: field('error'),
        error_description: field('error_description'),
      };
      const linked = await deps.platformLink.complete(
        Object.fromEntries(Object.entries(callback).filter(([, v]) => v !== undefined)),
      );
      return callbackPage(
        reply,
        200,
        'Platform account connected',
        `Signed in as @${linked.username}. You can close this window.`,
        { type: 'platform_linked', username: linked.username, user_id: linked.user_id },
        BACK,
      );
    } catch (error) {
      if (!browser) throw error;
      const { status, body } = toErrorResponse(error, request.log);
      return callbackPage(
        reply,
        status,
        'Connecting the platform account failed',
        body.error.message,
        {
          type: 'platform_link_failed',
          error: body.error.message,
        },
        BACK,
      );
    }
  });
}
