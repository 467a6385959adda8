import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api.js';
import type { PageMeta } from '../page-meta.js';

/** The draft the URL opens (`/drafts?id=42`), if any. */
export const draftIdOf = (params: URLSearchParams): number | undefined =>
  Number(params.get('id')) || undefined;

/** The open draft's read: one query for the boot's prefetch and the page, so the page takes the answer in flight. */
export const draftQuery = (id: number) =>
  queryOptions({
    queryKey: ['draft', id],
    queryFn: () => api.drafts.get(id),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const meta: PageMeta = {
  path: '/drafts',
  label: 'Drafts',
  order: 20,
  prefetch: (client, params) => {
    const id = draftIdOf(params);
    if (id !== undefined) void client.prefetchQuery(draftQuery(id));
  },
};
