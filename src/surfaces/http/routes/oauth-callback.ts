// The OAuth callback routes' shared shape (the cloud drive link and Connect account): public routes the
// browser comes back to from a consent page, answering a small page that tells the dashboard window (or,
// for an API client, a JSON error in the one shape). The single-use state of each flow protects them.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toErrorResponse } from '../error-response.js';

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

export interface CallbackOutcome {
  title: string;
  text: string;
  /** Posted to the opener window. */
  message: object;
}

/**
 * Registers a public callback route: `complete` finishes the flow and says what to show; a failure becomes
 * the page with `failure` (for a browser) or the JSON error (for an API client).
 */
export function registerCallbackRoute(
  app: FastifyInstance,
  path: string,
  options: {
    complete(request: FastifyRequest): Promise<CallbackOutcome>;
    failure: { title: string; message(error: string): object };
    /** Where a same-tab flow (a blocked popup) goes back to. */
    back: { href: string; label: string };
  },
): void {
  app.get(path, { config: { public: true } }, async (request, reply) => {
    const browser = (request.headers.accept ?? '').includes('text/html');
    try {
      const done = await options.complete(request);
      return callbackPage(reply, 200, done.title, done.text, done.message, options.back);
    } catch (error) {
      if (!browser) throw error;
      const { status, body } = toErrorResponse(error, request.log);
      const { title, message } = options.failure;
      return callbackPage(
        reply,
        status,
        title,
        body.error.message,
        message(body.error.message),
        options.back,
      );
    }
  });
}
