import type { PageMeta } from '../page-meta.js';

export const meta: PageMeta = { path: '/settings', label: 'Settings', order: 90 };
