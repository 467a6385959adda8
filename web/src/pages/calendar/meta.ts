import type { PageMeta } from '../page-meta.js';

export const meta: PageMeta = { path: '/calendar', label: 'Calendar', order: 25 };
