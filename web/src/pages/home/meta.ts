import type { PageMeta } from '../page-meta.js';

export const meta: PageMeta = { path: '/', label: 'Home', order: 10 };
