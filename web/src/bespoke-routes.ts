// The server routes the dashboard uses that are not operations of the registry, so not in the generated
// client (api.ts): sign-in and the session (src/surfaces/http/auth/http-auth.ts), the platform login's
// callback (routes/platform-auth-routes.ts), media (routes/media-routes.ts: a multipart upload, and files
// shown by URL in <img> and <video>), and the account's picture (routes/account-routes.ts, shown in <img>).
// Besides api.ts (and the event stream, live-events.ts) the only place naming a path under /api:
// test/web-api-paths.test.ts holds the dashboard to that and checks each of these against the server's
// route table.

import { withAccount } from './current-account.js';

/** 401 from these means a wrong passphrase, not a lost session. */
export const AUTH_ROUTES_PREFIX = '/api/auth/';

/** Where the platform's consent page sends the browser back (shown: it must be registered with the app). */
export const PLATFORM_CALLBACK_ROUTE = '/api/auth/platform/callback';

export const AUTH_ROUTES = {
  status: '/api/auth/status',
  login: '/api/auth/login',
  setup: '/api/auth/setup',
  logout: '/api/auth/logout',
} as const;

/** POST, multipart with one `file` field; answers `{ path }`. */
export const MEDIA_UPLOAD_ROUTE = '/api/media/upload';

/** The URL of an uploaded file (GET, by its path as the upload answered it). */
export const mediaFileUrl = (path: string) => withAccount(`/api/media/file?${new URLSearchParams({ path })}`);

/** The signed-in account's kept profile picture (GET, an image; 404 when none), shown by URL in <img>; `version`
 * (the profile's `fetched_at`) makes a newly read picture a new URL for the browser's cache. */
export const accountPictureUrl = (version: string) =>
  withAccount(`/api/account/profile/picture?${new URLSearchParams({ v: version })}`);
