// The Activity page's state is its URL: which log (mutations or loop events), the filters and the page.
// These turn the URL into the request each log's endpoint takes, and back.
import type { api } from '../../api.js';

export const PAGE_SIZE = 25;
export const TIME_FILTERS = [
  { hours: '', label: 'Any time' },
  { hours: '1', label: 'Last hour' },
  { hours: '24', label: 'Last 24 hours' },
  { hours: '168', label: 'Last 7 days' },
  { hours: '720', label: 'Last 30 days' },
] as const;

export type Tab = 'mutations' | 'events';

export interface ActivityQuery {
  tab: Tab;
  /** Mutations: the tool; events: the action type. */
  what: string;
  status: string;
  actor: string;
  hours: string;
  page: number;
}

export function readQuery(params: URLSearchParams): ActivityQuery {
  const page = Number(params.get('page'));
  return {
    tab: params.get('tab') === 'events' ? 'events' : 'mutations',
    what: params.get(params.get('tab') === 'events' ? 'type' : 'tool') ?? '',
    status: params.get('status') ?? '',
    actor: params.get('actor') ?? '',
    hours: params.get('hours') ?? '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The page's own URL for `query` (empty filters left out). */
export function pageUrl(query: ActivityQuery): string {
  const params = new URLSearchParams();
  if (query.tab === 'events') params.set('tab', 'events');
  if (query.what) params.set(query.tab === 'events' ? 'type' : 'tool', query.what);
  if (query.status) params.set('status', query.status);
  if (query.actor && query.tab === 'mutations') params.set('actor', query.actor);
  if (query.hours) params.set('hours', query.hours);
  if (query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return `/activity${search ? `?${search}` : ''}`;
}

type MutationsQuery = NonNullable<Parameters<typeof api.getRecentMutations>[0]>;
type EventsQuery = NonNullable<Parameters<typeof api.getActionLog>[0]>;

/** Which log to read, with what (also the read's cache key). */
export type LogRead = { tab: 'mutations'; fields: MutationsQuery } | { tab: 'events'; fields: EventsQuery };

/** The API request for `query`: one row more than a page, to know whether a next page exists. */
export function logRead(query: ActivityQuery): LogRead {
  const page = { limit: PAGE_SIZE + 1, offset: (query.page - 1) * PAGE_SIZE };
  const status = query.status ? { status: query.status } : {};
  const since = query.hours ? { since_hours: Number(query.hours) } : {};
  if (query.tab === 'events') {
    const type = query.what ? { action_type: query.what } : {};
    return { tab: 'events', fields: { ...page, ...type, ...status, ...since } };
  }
  const tool = query.what ? { tool_name: query.what } : {};
  const actor = query.actor ? { actor: query.actor } : {};
  // A status outside the audit's outcomes is the server's to refuse, as before.
  return {
    tab: 'mutations',
    fields: { ...page, ...tool, ...actor, ...(status as Pick<MutationsQuery, 'status'>), ...since },
  };
}
