import type { PageMeta } from '../page-meta.js';

/** The first-run wizard: the shell sends a signed-in user here once when no config file exists. */
export const meta: PageMeta = { path: '/welcome', label: 'First-run setup', order: 900, hidden: true };
