// The dashboard's client routes: the server serves the app's page for exactly these (any other path is
// 404), and the app's router knows no others.
export const DASHBOARD_PATHS = ['/', '/drafts', '/login', '/setup'] as const;
export type DashboardPath = (typeof DASHBOARD_PATHS)[number];
