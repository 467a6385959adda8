// Activity: what happened, from two sources shown as two tabs because they differ in kind. Mutations is
// the audit log of every mutation through the gateway (actor, policy decision, outcome, detail on click);
// Loop events is the action log the loops write (alerts and notices: no actor, no correlation id). The
// tab, filters and page live in the URL.
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { ActionLogEntry } from '../../../../src/contracts/analytics.js';
import { AUDIT_STATUSES, type MutationSummary } from '../../../../src/contracts/tool-telemetry.js';
import { inZone, useTimezone } from '../../account-time.js';
import { api } from '../../api.js';
import { navigate, useLocation } from '../../router.js';
import './activity.css';
import { Badge, type BadgeTone } from '../../ui/badge.js';
import { Button } from '../../ui/button.js';
import { PageHeader } from '../../ui/page-header.js';
import { Tabs } from '../../ui/tabs.js';
import { Toolbar } from '../../ui/toolbar.js';
import {
  type ActivityQuery,
  logRead,
  PAGE_SIZE,
  pageUrl,
  readQuery,
  type Tab,
  TIME_FILTERS,
} from './activity-query.js';
import { MutationDialog } from './mutation-dialog.js';

const ACTORS = ['dashboard', 'api', 'agent', 'cli', 'loop:'];

/** A mutation's or an event's status in the colour of what it means (the word itself says it). */
function toneOf(status: string): BadgeTone {
  if (status === 'failure' || status === 'denied') return 'danger';
  if (status === 'warning' || status === 'pending') return 'warn';
  return status === 'success' ? 'success' : 'neutral';
}
const TABS: Array<{ id: Tab; label: string }> = [
  { id: 'mutations', label: 'Mutations' },
  { id: 'events', label: 'Loop events' },
];

function Filters({ query }: { query: ActivityQuery }) {
  const [what, setWhat] = useState(query.what);
  const [actor, setActor] = useState(query.actor);
  const go = (change: Partial<ActivityQuery>) =>
    navigate(pageUrl({ ...query, what, actor, ...change, page: 1 }));
  const mutations = query.tab === 'mutations';
  return (
    <form
      className="filters ac-filters"
      aria-label="Filters"
      onSubmit={(event) => {
        event.preventDefault();
        go({});
      }}
    >
      <label>
        {mutations ? 'Tool' : 'Type'}
        <input
          value={what}
          onChange={(e) => setWhat(e.target.value)}
          placeholder={mutations ? 'e.g. create_draft' : 'e.g. follower_alert'}
        />
      </label>
      {mutations && (
        <label>
          Actor
          <input
            value={actor}
            onChange={(e) => setActor(e.target.value)}
            list="ac-actors"
            placeholder="e.g. agent or loop:discovery"
          />
          <datalist id="ac-actors">
            {ACTORS.map((a) => (
              <option key={a} value={a} />
            ))}
          </datalist>
        </label>
      )}
      <label>
        Status
        <select value={query.status} onChange={(e) => go({ status: e.target.value })}>
          <option value="">Any</option>
          {(mutations ? AUDIT_STATUSES : ['success', 'warning', 'failure']).map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <label>
        Time
        <select value={query.hours} onChange={(e) => go({ hours: e.target.value })}>
          {TIME_FILTERS.map((t) => (
            <option key={t.hours} value={t.hours}>
              {t.label}
            </option>
          ))}
        </select>
      </label>
      <Toolbar label="Filter">
        <Button type="submit">Apply</Button>
        <Button
          variant="secondary"
          onClick={() =>
            navigate(pageUrl({ tab: query.tab, what: '', status: '', actor: '', hours: '', page: 1 }))
          }
        >
          Clear
        </Button>
      </Toolbar>
    </form>
  );
}

function Pager({ query, more }: { query: ActivityQuery; more: boolean }) {
  if (query.page === 1 && !more) return null;
  return (
    <Toolbar as="nav" label="Pages" className="ac-pager">
      <Button
        disabled={query.page === 1}
        onClick={() => navigate(pageUrl({ ...query, page: query.page - 1 }))}
      >
        Newer
      </Button>
      <span>Page {query.page}</span>
      <Button disabled={!more} onClick={() => navigate(pageUrl({ ...query, page: query.page + 1 }))}>
        Older
      </Button>
    </Toolbar>
  );
}

function Mutations({
  rows,
  when,
  open,
}: {
  rows: MutationSummary[];
  when: (iso: string) => string;
  open: (id: string) => void;
}) {
  if (rows.length === 0) return <p className="muted">No mutations match these filters.</p>;
  return (
    <table className="ac-table">
      <caption className="visually-hidden">Mutations, newest first</caption>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Tool</th>
          <th scope="col">Actor</th>
          <th scope="col">Policy decision</th>
          <th scope="col">Outcome</th>
          <th scope="col">Took</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((m) => (
          <tr key={m.correlation_id}>
            <td>
              <time dateTime={m.created_at}>{when(m.created_at)}</time>
            </td>
            <th scope="row">
              <button type="button" className="ac-open" onClick={() => open(m.correlation_id)}>
                {m.tool_name}
              </button>
            </th>
            <td>{m.actor}</td>
            <td>{m.policy_decision ?? '—'}</td>
            <td>
              <Badge tone={toneOf(m.status)}>{m.status}</Badge>
            </td>
            <td>{m.elapsed_ms === null ? '—' : `${m.elapsed_ms} ms`}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Events({ rows, when }: { rows: ActionLogEntry[]; when: (iso: string) => string }) {
  if (rows.length === 0) return <p className="muted">No loop events match these filters.</p>;
  return (
    <table className="ac-table">
      <caption className="visually-hidden">Loop events, newest first</caption>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Type</th>
          <th scope="col">Status</th>
          <th scope="col">What happened</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((e) => (
          <tr key={e.id}>
            <td>
              <time dateTime={e.created_at}>{when(e.created_at)}</time>
            </td>
            <th scope="row">{e.action_type}</th>
            <td>
              <Badge tone={toneOf(e.status)}>{e.status}</Badge>
            </td>
            <td>{e.message ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function ActivityPage() {
  const { params } = useLocation();
  const query = readQuery(params);
  const read = logRead(query);
  const { timezone, error: zoneError } = useTimezone();
  const list = useQuery({
    queryKey: ['activity', read],
    queryFn: (): Promise<Array<MutationSummary | ActionLogEntry>> =>
      read.tab === 'mutations' ? api.getRecentMutations(read.fields) : api.getActionLog(read.fields),
  });
  const open = params.get('open');
  const opener = useRef<HTMLElement | null>(null);
  const when = (iso: string) => inZone(iso, timezone ?? 'UTC', { dateStyle: 'medium', timeStyle: 'medium' });
  const rows = list.data?.slice(0, PAGE_SIZE) ?? [];
  const more = (list.data?.length ?? 0) > PAGE_SIZE;
  const select = (tab: Tab) =>
    navigate(pageUrl({ tab, what: '', status: '', actor: '', hours: '', page: 1 }));
  return (
    <main className="page activity">
      <PageHeader
        title="Activity"
        description={`What the service did and who asked: loops, agents and you. Times in ${timezone ?? 'UTC'}${zoneError ? ' (the account timezone could not be read)' : ''}.`}
      />
      <Tabs
        label="Log"
        className="ac-tabs"
        idPrefix="ac-tab"
        panelId="ac-panel"
        items={TABS}
        selected={query.tab}
        onSelect={select}
      />
      <div role="tabpanel" id="ac-panel" aria-labelledby={`ac-tab-${query.tab}`}>
        <Filters key={pageUrl(query)} query={query} />
        {list.error && (
          <p role="alert" className="error">
            Could not read the {query.tab === 'mutations' ? 'mutations' : 'loop events'}:{' '}
            {(list.error as Error).message}. Reload the page to try again.
          </p>
        )}
        {list.data &&
          (query.tab === 'mutations' ? (
            <Mutations
              rows={rows as MutationSummary[]}
              when={when}
              open={(id) => {
                opener.current = document.activeElement as HTMLElement | null;
                const next = new URLSearchParams(params);
                next.set('open', id);
                navigate(`/activity?${next}`);
              }}
            />
          ) : (
            <Events rows={rows as ActionLogEntry[]} when={when} />
          ))}
        {list.data && <Pager query={query} more={more} />}
      </div>
      {open && query.tab === 'mutations' && (
        <MutationDialog
          correlationId={open}
          when={when}
          returnTo={opener.current}
          onClose={() => {
            const next = new URLSearchParams(params);
            next.delete('open');
            const search = next.toString();
            navigate(`/activity${search ? `?${search}` : ''}`);
          }}
        />
      )}
    </main>
  );
}
