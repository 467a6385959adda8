import type { PageMeta } from '../page-meta.js';

export const meta: PageMeta = { path: '/activity', label: 'Activity', order: 60 };
