// The dashboard's client routes: the server serves the app's page for exactly these (any other path is
// 404), and the app's router knows no others. Each page of the shell lives in web/src/pages/<name>/ with
// a meta.ts naming one of these paths.
export const DASHBOARD_PATHS = [
  '/',
  '/drafts',
  '/login',
  '/setup',
  '/discovery',
  '/analytics',
  '/activity',
  '/approvals',
  '/calendar',
  '/settings',
  '/welcome',
] as const;
export type DashboardPath = (typeof DASHBOARD_PATHS)[number];

/** The pages reached before signing in: never a place to come back to after it. */
export const SIGN_IN_PATHS: readonly DashboardPath[] = ['/login', '/setup'];
