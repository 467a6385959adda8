import type { PageMeta } from '../page-meta.js';

export const meta: PageMeta = { path: '/approvals', label: 'Approvals', order: 30 };
