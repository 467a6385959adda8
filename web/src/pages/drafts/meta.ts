import type { PageMeta } from '../page-meta.js';

export const meta: PageMeta = { path: '/drafts', label: 'Drafts', order: 20 };
