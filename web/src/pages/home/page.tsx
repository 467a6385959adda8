// Home: today at a glance — the next scheduled posts, approvals waiting, today's use of each posting cap,
// the loops (running, paused and why), the follower change, and what failed with what to do. Writing
// starts from here in one key: a new server draft opened in Draft Studio (spec).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useCallback } from 'react';
import type { RuntimeStatus } from '../../../../src/contracts/runtime-status.js';
import { inZone, useTimezone } from '../../account-time.js';
import { api } from '../../api.js';
import { useNewDraft } from '../../components/use-new-draft.js';
import { useApprovalEvents } from '../../live-events.js';
import { COMMANDS, chordLabel } from '../../shortcuts.js';
import './home.css';
import { Button } from '../../ui/button.js';
import { Card } from '../../ui/card.js';
import { PageHeader } from '../../ui/page-header.js';
import { adviceForCode, troubledLoops } from './what-to-do.js';

const DAY_MS = 86_400_000;

function useRead<T>(key: string, read: () => Promise<T>) {
  return useQuery({ queryKey: ['home', key], queryFn: read, refetchInterval: 30_000 });
}

function Failed({ what, error }: { what: string; error: unknown }) {
  return (
    <p role="alert" className="home-error">
      Could not read {what}: {(error as Error).message}
    </p>
  );
}

function NextPosts({ timezone }: { timezone?: string }) {
  const next = useRead('scheduled', () =>
    api.drafts.list({ group: 'scheduled', sort: 'scheduled_asc', limit: 5 }),
  );
  if (next.error) return <Failed what="the scheduled posts" error={next.error} />;
  if (!next.data || !timezone) return null;
  if (next.data.items.length === 0) return <p className="muted">Nothing is scheduled.</p>;
  return (
    <ol className="home-list">
      {next.data.items.map((draft) => (
        <li key={draft.id}>
          <time dateTime={draft.scheduled_for ?? undefined}>
            {draft.scheduled_for ? inZone(draft.scheduled_for, timezone) : ''}
          </time>{' '}
          <a href={`/drafts?id=${draft.id}`}>{draft.title || draft.preview || '(empty)'}</a>
          {draft.card_count > 1 ? <span className="muted"> · thread of {draft.card_count}</span> : null}
        </li>
      ))}
    </ol>
  );
}

/** The count follows the server's event stream: an item queued by a loop or an agent shows at once. */
function useLiveApprovalCount() {
  const client = useQueryClient();
  const changed = useCallback(
    () => void client.invalidateQueries({ queryKey: ['home', 'approvals'] }),
    [client],
  );
  useApprovalEvents({ changed });
}

function Approvals() {
  useLiveApprovalCount();
  const stats = useRead('approvals', (): Promise<Record<string, number>> => api.approvals.stats());
  if (stats.error) return <Failed what="the approval queue" error={stats.error} />;
  if (!stats.data) return null;
  const pending = stats.data.pending ?? 0;
  return (
    <p>
      <a href="/approvals" className="home-figure">
        {pending} pending
      </a>
      {(stats.data.failed ?? 0) > 0 ? <span> · {stats.data.failed} failed</span> : null}
    </p>
  );
}

function Usage() {
  const limits = useRead('limits', () => api.getRateLimits());
  if (limits.error) return <Failed what="the caps" error={limits.error} />;
  if (!limits.data) return null;
  const caps = limits.data.limits.filter((limit) => limit.source.startsWith('limits.'));
  return (
    <ul className="home-caps">
      {caps.map((cap) => (
        <li key={cap.key}>
          <span id={`cap-${cap.key}`}>{cap.description}</span>
          <meter aria-labelledby={`cap-${cap.key}`} min={0} max={cap.max} value={cap.used} />
          <span>
            {cap.used} of {cap.max}
          </span>
        </li>
      ))}
    </ul>
  );
}

function loopState(loop: RuntimeStatus['loops'][number], timezone: string): string {
  if (loop.state === 'running') return 'running now';
  if (loop.paused) {
    // A budget pause names its resume date in its reason (the 1st of next month).
    const until =
      loop.paused_until && loop.paused !== 'budget'
        ? ` until ${inZone(loop.paused_until, timezone, { timeStyle: 'short' })}`
        : '';
    return `paused: ${loop.paused_reason ?? loop.paused}${until}`;
  }
  const slowed = loop.slowed ? ` (${loop.slowed})` : '';
  return loop.next_run_at
    ? `next run ${inZone(loop.next_run_at, timezone, { timeStyle: 'short' })}${slowed}`
    : 'idle';
}

function Loops({ runtime, timezone }: { runtime: RuntimeStatus; timezone: string }) {
  if (runtime.loops.length === 0)
    return <p className="muted">No loops run here: the service runs them (`app serve`).</p>;
  return (
    <table className="home-loops">
      <caption>
        Mode: {runtime.mode}
        {runtime.approval_mode ? ', every post waits for approval' : ''}
      </caption>
      <thead>
        <tr>
          <th scope="col">Loop</th>
          <th scope="col">State</th>
          <th scope="col">Last run</th>
        </tr>
      </thead>
      <tbody>
        {runtime.loops.map((loop) => (
          <tr key={loop.name}>
            <th scope="row">{loop.name}</th>
            <td>{loopState(loop, timezone)}</td>
            <td>{loop.last_outcome === 'error' ? 'failed' : (loop.last_summary ?? '')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Followers() {
  const trend = useRead('followers', () => api.getFollowerTrend({ days: 2 }));
  if (trend.error) return <Failed what="the follower trend" error={trend.error} />;
  if (!trend.data) return null;
  const last = trend.data.snapshots.at(-1);
  if (!last) return <p className="muted">No follower count yet: the analytics loop records one a day.</p>;
  const change = trend.data.snapshots.length > 1 ? last.change : undefined;
  return (
    <p>
      <span className="home-figure">{trend.data.summary.current}</span> followers
      {change === undefined ? '' : `, ${change >= 0 ? '+' : '−'}${Math.abs(change)} since yesterday`}
    </p>
  );
}

function Attention({ runtime, timezone }: { runtime?: RuntimeStatus; timezone: string }) {
  const failed = useRead('failures', () => api.getRecentMutations({ status: 'failure', limit: 20 }));
  if (failed.error) return <Failed what="the recent failures" error={failed.error} />;
  if (!failed.data) return null;
  const since = Date.now() - DAY_MS;
  const mutations = failed.data.filter((m) => Date.parse(m.created_at) >= since).slice(0, 5);
  const loops = runtime ? troubledLoops(runtime.loops) : [];
  if (mutations.length === 0 && loops.length === 0)
    return <p className="muted">Nothing failed in the last 24 hours.</p>;
  return (
    <ul className="home-failures">
      {loops.map(({ loop, advice }) => (
        <li key={`loop-${loop.name}`}>
          <strong>Loop {loop.name}</strong>: {loop.paused_reason ?? loop.last_error ?? 'failed'}
          {loop.consecutive_errors > 1 ? ` (${loop.consecutive_errors} failures in a row)` : ''}.{' '}
          <span className="home-advice">{advice}</span>
        </li>
      ))}
      {mutations.map((m) => (
        <li key={m.correlation_id}>
          <strong>{m.tool_name}</strong> by {m.actor} at{' '}
          {inZone(m.created_at, timezone, { timeStyle: 'short' })}:{' '}
          {m.error_message ?? m.error_code ?? 'failed'}.{' '}
          <span className="home-advice">
            {adviceForCode(m.error_code) ?? 'See the activity log for the detail.'}
          </span>
        </li>
      ))}
    </ul>
  );
}

export default function HomePage() {
  const { timezone, error: zoneError } = useTimezone();
  const newDraft = useNewDraft();
  const runtime = useRead('runtime', () => api.runtime.status());
  const mac = navigator.platform.toLowerCase().includes('mac');
  const chord = COMMANDS.find((c) => c.id === 'compose.new')?.chords.find((c) => !c.bare);
  return (
    <main className="page home">
      <PageHeader
        title="Today"
        description={
          timezone
            ? `${inZone(new Date().toISOString(), timezone, { dateStyle: 'full' })} (${timezone})`
            : undefined
        }
        actions={
          <div className="home-new">
            <Button icon={Plus} onClick={() => newDraft.mutate(undefined)} disabled={newDraft.isPending}>
              New draft
            </Button>
            <span className="muted">
              or press <kbd>N</kbd>
              {chord ? (
                <>
                  {' '}
                  (<kbd>{chordLabel(chord, mac)}</kbd> anywhere)
                </>
              ) : null}
            </span>
          </div>
        }
      />
      {zoneError ? <Failed what="the settings" error={zoneError} /> : null}
      {newDraft.error ? <Failed what="a new draft" error={newDraft.error} /> : null}
      <div className="home-grid">
        <Card title="Next scheduled posts">
          <NextPosts {...(timezone ? { timezone } : {})} />
        </Card>
        <Card title="Approvals">
          <Approvals />
        </Card>
        <Card title="Today's usage">
          <Usage />
        </Card>
        <Card title="Followers">
          <Followers />
        </Card>
        <Card title="Loops" className="home-wide">
          {runtime.error ? <Failed what="the loops" error={runtime.error} /> : null}
          {runtime.data && timezone ? <Loops runtime={runtime.data} timezone={timezone} /> : null}
        </Card>
        <Card title="Needs attention" className="home-wide">
          {timezone ? (
            <Attention {...(runtime.data ? { runtime: runtime.data } : {})} timezone={timezone} />
          ) : null}
        </Card>
      </div>
    </main>
  );
}
