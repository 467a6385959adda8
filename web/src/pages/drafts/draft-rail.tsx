// The rail of Draft Studio: the four groups as tabs with their counts, search, a tag filter and the sort
// order (kept in the URL with the selected draft, so reload and back/forward restore the view).
import { useQuery } from '@tanstack/react-query';
import { DRAFT_GROUPS, DRAFT_SORTS } from '../../../../src/contracts/drafts.js';
import { api } from '../../api.js';
import { navigate, useLocation } from '../../router.js';
import { Badge } from '../../ui/badge.js';

type Group = (typeof DRAFT_GROUPS)[number];
type Sort = (typeof DRAFT_SORTS)[number];

const GROUP_LABEL: Record<Group, string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  posted: 'Posted',
  archive: 'Archive',
};
const SORT_LABEL: Record<Sort, string> = {
  updated_desc: 'Recently edited',
  updated_asc: 'Least recently edited',
  created_desc: 'Newest',
  created_asc: 'Oldest',
  scheduled_asc: 'Next scheduled',
  title_asc: 'Title A–Z',
};

/** The rail's view as the URL holds it. */
export function useRailView() {
  const { params } = useLocation();
  const group = (DRAFT_GROUPS as readonly string[]).includes(params.get('group') ?? '')
    ? (params.get('group') as Group)
    : 'active';
  const sort = (DRAFT_SORTS as readonly string[]).includes(params.get('sort') ?? '')
    ? (params.get('sort') as Sort)
    : 'updated_desc';
  return { params, group, sort, q: params.get('q') ?? '', tag: params.get('tag') ?? '' };
}

/** Changes some of the URL's parameters (empty values are dropped), keeping the rest. */
export function setParams(changes: Record<string, string | undefined>, replace = false): void {
  const params = new URLSearchParams(location.search);
  for (const [key, value] of Object.entries(changes)) {
    if (value) params.set(key, value);
    else params.delete(key);
  }
  const search = params.toString();
  navigate(`/drafts${search ? `?${search}` : ''}`, { replace });
}

function GroupTab({ group, selected }: { group: Group; selected: boolean }) {
  const count = useQuery({
    queryKey: ['drafts', 'count', group],
    queryFn: () => api.drafts.list({ group, limit: 1 }),
  });
  return (
    <button
      type="button"
      role="tab"
      id={`tab-${group}`}
      aria-controls="draft-list"
      aria-selected={selected}
      className={selected ? 'tab selected' : 'tab'}
      onClick={() => setParams({ group: group === 'active' ? undefined : group })}
    >
      {GROUP_LABEL[group]} <Badge>{count.data?.total ?? '…'}</Badge>
    </button>
  );
}

export function DraftRail({ selected }: { selected: number | undefined }) {
  const { group, sort, q, tag } = useRailView();
  const list = useQuery({
    queryKey: ['drafts', 'list', group, sort, q, tag],
    queryFn: () => api.drafts.list({ group, sort, limit: 100, ...(q ? { q } : {}), ...(tag ? { tag } : {}) }),
  });
  const tags = useQuery({
    queryKey: ['tags'],
    queryFn: () => api.tags.list(),
  });
  return (
    <nav className="rail" aria-label="Drafts">
      <div role="tablist" aria-label="Draft groups" className="tabs">
        {DRAFT_GROUPS.map((g) => (
          <GroupTab key={g} group={g} selected={g === group} />
        ))}
      </div>
      <div className="filters">
        <label>
          <span className="label">Search drafts</span>
          <input
            type="search"
            defaultValue={q}
            onChange={(event) => setParams({ q: event.target.value.trim() || undefined }, true)}
          />
        </label>
        <label>
          <span className="label">Tag</span>
          <select value={tag} onChange={(event) => setParams({ tag: event.target.value || undefined })}>
            <option value="">All tags</option>
            {tags.data?.items.map((t) => (
              <option key={t.name} value={t.name}>
                {t.name} ({t.count})
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="label">Sort</span>
          <select
            value={sort}
            onChange={(event) =>
              setParams({ sort: event.target.value === 'updated_desc' ? undefined : event.target.value })
            }
          >
            {DRAFT_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABEL[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div role="tabpanel" id="draft-list" aria-labelledby={`tab-${group}`}>
        {list.isPending ? <p className="muted">Loading…</p> : null}
        {list.error ? (
          <p role="alert" aria-live="polite">
            {(list.error as Error).message}
          </p>
        ) : null}
        {list.data && list.data.items.length === 0 ? <p className="muted">No drafts here.</p> : null}
        <ul className="draft-list">
          {list.data?.items.map((item) => (
            <li key={item.id}>
              <a
                href={`/drafts?id=${item.id}`}
                aria-current={item.id === selected ? 'page' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  setParams({ id: String(item.id) });
                }}
              >
                {item.title ?? (item.preview.trim() || 'Empty draft')}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
