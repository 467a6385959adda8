import type { PageMeta } from '../page-meta.js';

export const meta: PageMeta = { path: '/discovery', label: 'Discovery', order: 40 };
