// The cloud drive link flow's one hand-made route: the OAuth callback the browser comes back to from the
// consent page (public: it carries no credentials of ours, the single-use state protects it; it answers a
// small page that tells the dashboard window and closes). Link, status and disconnect are operations
// (operations/connectors).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app/create-app.js';
import { AppError } from '../../../core/errors.js';
import { toErrorResponse } from '../error-response.js';

const BASE = '/api/connectors/cloud-drive';

export interface ConnectorRoutesDeps {
  cloudDrive: AppDeps['connectors']['cloudDrive'];
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

/** JSON that is safe inside a <script> element (no `</script>`, no line separators). */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The page the popup shows: it posts `message` to the window that opened it, only at this server's own
 * origin, then closes. Nothing else may run or load (the CSP allows this one script by its nonce).
 */
export function callbackPage(
  reply: FastifyReply,
  status: number,
  title: string,
  text: string,
  message: object,
  /** A way back to the dashboard when the flow ran in the same tab (no opener to tell). */
  back?: { href: string; label: string },
) {
  const nonce = randomBytes(16).toString('base64');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${back ? `<p><a href="${escapeHtml(back.href)}">${escapeHtml(back.label)}</a></p>` : ''}</main>
<script nonce="${nonce}">
(function () {
  var message = ${scriptJson(message)};
  // In a popup: tell the dashboard and close. In the same tab (popup blocked) the page stays readable.
  if (!window.opener) return;
  window.opener.postMessage(message, window.location.origin);
  window.close();
})();
</script></body></html>
`;
  return reply
    .code(status)
    .headers({
      'content-security-policy': `default-src 'none'; script-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    })
    .type('text/html; charset=utf-8')
    .send(html);
}

/** One text value of a query parameter (repeated or missing: undefined). */
export function one(query: unknown, name: string): string | undefined {
  const value = (query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

async function complete(deps: ConnectorRoutesDeps, request: FastifyRequest): Promise<number> {
  const denied = one(request.query, 'error');
  if (denied !== undefined) {
    const why = one(request.query, 'error_description');
    throw new AppError(
      'validation_error',
      `the cloud drive did not grant access (${denied}${why ? `: ${why}` : ''}); start linking again`,
    );
  }
  const code = one(request.query, 'code');
  const state = one(request.query, 'state');
  if (!code || !state) throw new AppError('validation_error', 'the callback needs one code and one state');
  return (await deps.cloudDrive.completeLink({ code, state })).id;
}

/** Linking in the same tab (a blocked popup) ends here: the way back to the content sources. */
const SETTINGS_BACK = { href: '/settings', label: 'Back to Settings' };

/** Registers the callback route of the cloud drive connector. */
export function registerConnectorRoutes(app: FastifyInstance, deps: ConnectorRoutesDeps): void {
  app.get(`${BASE}/callback`, { config: { public: true } }, async (request, reply) => {
    // A browser gets a page either way; an API client gets JSON errors in the one shape.
    const browser = (request.headers.accept ?? '').includes('text/html');
    try {
      const id = await complete(deps, request);
      return callbackPage(
        reply,
        200,
        'Cloud drive linked',
        'You can close this window.',
        { type: 'connector_linked', connector: 'cloud_drive', id },
        SETTINGS_BACK,
      );
    } catch (error) {
      if (!browser) throw error;
      const { status, body } = toErrorResponse(error, request.log);
      return callbackPage(
        reply,
        status,
        'Linking the cloud drive failed',
        body.error.message,
        { type: 'connector_link_failed', connector: 'cloud_drive', error: body.error.message },
        SETTINGS_BACK,
      );
    }
  });
}
