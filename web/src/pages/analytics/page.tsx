// Analytics: how the account is doing over 7, 30 or 90 days (the window lives in the URL, ?days=): the
// follower trend, the best posts and replies by performance score, the best-time heatmap from real
// engagement, topic performance, the platform API calls this month, and the platform's bill: spend per UTC
// day with the forecast to the month's end, by endpoint and by loop or face.
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PlatformBill, ReplyRecord, SocialUsage, Stats } from '../../../../src/contracts/analytics.js';
import type { TopicsOutput } from '../../../../src/contracts/assist.js';
import { performanceScore } from '../../../../src/core/domain/performance-score.js';
import { api } from '../../api.js';
import { navigate, useLocation } from '../../router.js';
import './analytics.css';
import { Button } from '../../ui/button.js';
import { Card } from '../../ui/card.js';
import { PageHeader } from '../../ui/page-header.js';
import { FollowerChart } from './follower-chart.js';
import { Heatmap } from './heatmap.js';
import { dollars, SpendChart } from './spend-chart.js';

const WINDOWS = [7, 30, 90] as const;
const TOP = 5;

function useRead<T>(key: readonly unknown[], read: () => Promise<T>) {
  return useQuery({ queryKey: ['analytics', ...key], queryFn: read });
}

function Failed({ what, error }: { what: string; error: unknown }) {
  return (
    <p role="alert" className="error">
      Could not read {what}: {(error as Error).message}. Reload the page to try again.
    </p>
  );
}

const usd = (n: number) => `$${n.toFixed(n < 1 && n > 0 ? 4 : 2)}`;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `an-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Card title={title} headingId={id} className="an-section">
      {children}
    </Card>
  );
}

function WindowPicker({ days }: { days: number }) {
  return (
    <fieldset className="an-window">
      <legend className="visually-hidden">Window</legend>
      {WINDOWS.map((n) => (
        <Button key={n} aria-pressed={n === days} onClick={() => navigate(`/analytics?days=${n}`)}>
          {n} days
        </Button>
      ))}
    </fieldset>
  );
}

function TopPosts({ stats }: { stats: Stats }) {
  if (stats.top_posts.length === 0)
    return <p className="muted">No measured posts in this window: posts are measured once a day old.</p>;
  return (
    <table>
      <caption className="visually-hidden">Top posts by performance score</caption>
      <thead>
        <tr>
          <th scope="col">Post</th>
          <th scope="col">Kind</th>
          <th scope="col">Impressions</th>
          <th scope="col">Likes</th>
          <th scope="col">Replies</th>
          <th scope="col">Reposts</th>
          <th scope="col">Score</th>
        </tr>
      </thead>
      <tbody>
        {stats.top_posts.map((p) => (
          <tr key={p.tweet_id}>
            <th scope="row" className="an-text">
              {p.text}
            </th>
            <td>{p.kind}</td>
            <td>{p.impressions.toLocaleString()}</td>
            <td>{p.likes}</td>
            <td>{p.replies}</td>
            <td>{p.retweets}</td>
            <td>{p.performance_score}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Measured replies of the window ranked by the same performance score the analytics loop stores. */
function topReplies(replies: readonly ReplyRecord[]) {
  return replies
    .flatMap((r) => (r.metrics ? [{ ...r, metrics: r.metrics, score: performanceScore(r.metrics) }] : []))
    .sort((a, b) => b.score - a.score)
    .slice(0, TOP);
}

function TopReplies({ replies }: { replies: ReplyRecord[] }) {
  const top = topReplies(replies);
  if (top.length === 0) return <p className="muted">No measured replies in this window.</p>;
  return (
    <table>
      <caption className="visually-hidden">Top replies by performance score</caption>
      <thead>
        <tr>
          <th scope="col">Reply</th>
          <th scope="col">To</th>
          <th scope="col">Impressions</th>
          <th scope="col">Likes</th>
          <th scope="col">Score</th>
        </tr>
      </thead>
      <tbody>
        {top.map((r) => (
          <tr key={r.tweet_id}>
            <th scope="row" className="an-text">
              {r.text}
            </th>
            <td>{r.target_author_username ? `@${r.target_author_username}` : '—'}</td>
            <td>{r.metrics.impressions.toLocaleString()}</td>
            <td>{r.metrics.likes}</td>
            <td>{r.score}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Topics({ topics }: { topics: z.infer<typeof TopicsOutput>['topics'] }) {
  const scored = topics.filter((t) => t.source === 'performance');
  const ideas = topics.filter((t) => t.source === 'profile');
  return (
    <>
      {scored.length === 0 ? (
        <p className="muted">No topic has measured posts yet.</p>
      ) : (
        <table>
          <caption className="visually-hidden">Average performance score by topic</caption>
          <thead>
            <tr>
              <th scope="col">Topic</th>
              <th scope="col">Average score</th>
            </tr>
          </thead>
          <tbody>
            {scored.map((t) => (
              <tr key={t.topic}>
                <th scope="row">{t.topic}</th>
                <td>{t.score}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {ideas.length > 0 && (
        <p className="muted">Not measured yet (from your profile): {ideas.map((t) => t.topic).join(', ')}.</p>
      )}
    </>
  );
}

function ApiUsage({ usage }: { usage: SocialUsage }) {
  const { api: calls } = usage;
  return (
    <>
      <dl className="an-figures">
        <div>
          <dt>Calls</dt>
          <dd>{calls.total_calls.toLocaleString()}</dd>
        </div>
        <div>
          <dt>Errors</dt>
          <dd>{calls.errors.toLocaleString()}</dd>
        </div>
        <div>
          <dt>Cost</dt>
          <dd>{usd(calls.cost_usd)}</dd>
        </div>
      </dl>
      {calls.endpoints.length > 0 && (
        <table>
          <caption className="visually-hidden">Platform API calls this month by endpoint</caption>
          <thead>
            <tr>
              <th scope="col">Endpoint</th>
              <th scope="col">Calls</th>
              <th scope="col">Errors</th>
              <th scope="col">Average latency</th>
              <th scope="col">Cost</th>
            </tr>
          </thead>
          <tbody>
            {calls.endpoints.map((e) => (
              <tr key={`${e.host} ${e.method} ${e.endpoint}`}>
                <th scope="row">{`${e.method} ${e.endpoint}`}</th>
                <td>{e.calls}</td>
                <td>{e.errors}</td>
                <td>{e.avg_latency_ms} ms</td>
                <td>{usd(e.cost_usd)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** Who ran the calls: a loop by its name, a face by what it is. */
const actorLabel = (actor: string) =>
  actor.startsWith('loop:')
    ? `${actor.slice(5)} loop`
    : ({ agent: 'Agent (tools)', dashboard: 'Dashboard', api: 'API', cli: 'CLI' }[actor] ?? 'Other');

function PlatformSpend({ bill }: { bill: PlatformBill }) {
  return (
    <>
      <dl className="an-figures">
        <div>
          <dt>Spent so far</dt>
          <dd>{dollars(bill.month_to_date_usd)}</dd>
        </div>
        <div>
          <dt>Forecast by month's end</dt>
          <dd>{dollars(bill.forecast_usd)}</dd>
        </div>
      </dl>
      <SpendChart bill={bill} />
      {bill.by_endpoint.length > 0 && (
        <table>
          <caption>By endpoint</caption>
          <thead>
            <tr>
              <th scope="col">Endpoint</th>
              <th scope="col">Calls</th>
              <th scope="col">Resources charged</th>
              <th scope="col">Spend</th>
            </tr>
          </thead>
          <tbody>
            {bill.by_endpoint.map((e) => (
              <tr key={`${e.method} ${e.endpoint}`}>
                <th scope="row">{`${e.method} ${e.endpoint}`}</th>
                <td>{e.calls.toLocaleString()}</td>
                <td>{`${e.charged_resources.toLocaleString()} of ${e.resources.toLocaleString()}`}</td>
                <td>{dollars(e.cost_usd)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {bill.by_actor.length > 0 && (
        <table>
          <caption>By loop or face</caption>
          <thead>
            <tr>
              <th scope="col">Who</th>
              <th scope="col">Calls</th>
              <th scope="col">Spend</th>
            </tr>
          </thead>
          <tbody>
            {bill.by_actor.map((a) => (
              <tr key={a.actor}>
                <th scope="row">{actorLabel(a.actor)}</th>
                <td>{a.calls.toLocaleString()}</td>
                <td>{dollars(a.cost_usd)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

export default function AnalyticsPage() {
  const { params } = useLocation();
  const asked = Number(params.get('days'));
  const days = (WINDOWS as readonly number[]).includes(asked) ? asked : 30;
  const stats = useRead(['stats', days], () => api.getStats({ days }));
  const trend = useRead(['followers', days], () => api.getFollowerTrend({ days }));
  const replies = useRead(['replies', days], () =>
    api.getRecentReplies({ limit: 100, since_hours: days * 24 }),
  );
  const times = useRead(['optimal-times'], () => api.assist.optimalTimes());
  const topics = useRead(['topics'], () => api.assist.topics());
  const usage = useRead(['api-usage', 'month'], () => api.getSocialUsage({ month: true }));
  return (
    <main className="page analytics">
      <PageHeader title="Analytics" actions={<WindowPicker days={days} />} />
      <Section title="Followers">
        {trend.error ? (
          <Failed what="the follower trend" error={trend.error} />
        ) : (
          trend.data && <FollowerChart trend={trend.data} days={days} />
        )}
      </Section>
      <Section title="Top posts">
        {stats.error ? (
          <Failed what="the posts" error={stats.error} />
        ) : (
          stats.data && <TopPosts stats={stats.data} />
        )}
      </Section>
      <Section title="Top replies">
        {replies.error ? (
          <Failed what="the replies" error={replies.error} />
        ) : (
          replies.data && <TopReplies replies={replies.data} />
        )}
      </Section>
      <Section title="Best times">
        {times.error ? (
          <Failed what="the best times" error={times.error} />
        ) : (
          times.data && <Heatmap times={times.data} />
        )}
      </Section>
      <Section title="Topics">
        {topics.error ? (
          <Failed what="the topics" error={topics.error} />
        ) : (
          topics.data && <Topics topics={topics.data.topics} />
        )}
      </Section>
      <Section title="Platform API this month">
        {usage.error ? (
          <Failed what="the API usage" error={usage.error} />
        ) : (
          usage.data && <ApiUsage usage={usage.data} />
        )}
      </Section>
      <Section title="Platform spend this month">
        {usage.error ? (
          <Failed what="the platform spend" error={usage.error} />
        ) : (
          usage.data && <PlatformSpend bill={usage.data.bill} />
        )}
      </Section>
    </main>
  );
}
