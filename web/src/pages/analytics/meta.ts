import type { PageMeta } from '../page-meta.js';

export const meta: PageMeta = { path: '/analytics', label: 'Analytics', order: 50 };
