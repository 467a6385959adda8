// The platform bill, measured: the real client against the fake platform records each call's cost by the
// price table (reads per resource once per UTC day, owned reads, the URL rate, a summoned reply), attributed
// to the face or loop running it; get_social_usage and GET /api/analytics/api-usage give the same month.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTools, type ToolClient } from '../support/app-harness.js';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';
import { sqliteOf } from '../support/sqlite-of.js';

let h: HttpHarness;
let tools: ToolClient;
let seeded: { tweets: string[] };

beforeAll(async () => {
  h = await startHttpHarness({}, { loginSeconds: 3 * 86_400 });
  h.fake.state.seed({ users: [{ username: 'wren_ada' }] });
  seeded = h.fake.state.seed({
    tweets: [
      { author_username: 'wren_ada', text: 'zebrafinch feeders compared', minutes_ago: 30 },
      { author_username: 'wren_ada', text: 'zebrafinch songs at dawn', minutes_ago: 20 },
      { author_username: 'wren_ada', text: '@app_owner which zebrafinch seed do you use?', minutes_ago: 10 },
    ],
  });
  tools = await connectTools(h.app, 'write');
}, 30_000);
afterAll(async () => {
  await tools?.close();
  await h?.close();
});

interface Row {
  method: string;
  endpoint: string;
  price_kind: string | null;
  resources: number;
  charged_resources: number;
  cost_usd: number;
  actor: string | null;
}
const rows = () =>
  sqliteOf(h.app.deps.database)
    .sqlite.prepare(
      'select method, endpoint, price_kind, resources, charged_resources, cost_usd, actor from api_usage order by id',
    )
    .all() as Row[];
const usd = (n: number) => Math.round(n * 1e6) / 1e6;
const line = (r: Row) =>
  `${r.actor} ${r.method} ${r.endpoint} ${r.price_kind} ${r.charged_resources}/${r.resources} $${r.cost_usd}`;

describe('the platform bill', () => {
  it('records what each call costs, and every face shows the same month', async () => {
    const [feeders, songs, question] = seeded.tweets as [string, string, string];
    const search = async () => {
      const found = await tools.call('social_search_tweets', { query: 'zebrafinch' });
      expect(found.error ?? null).toBeNull();
      return found.data as Array<{ id: string }>;
    };
    expect((await search()).map((t) => t.id).sort()).toEqual([feeders, songs, question].sort());
    expect((await search()).length).toBe(3);
    const mentions = await tools.call('social_get_user_mentions', {});
    expect(mentions.data.map((t: { id: string }) => t.id)).toContain(question);
    const mentionCount = mentions.data.length as number;

    const { actors, social } = h.app.deps;
    await actors.run('cli', async () => {
      await social.write.postTweet({ text: 'Millet, always.', inReplyToId: question });
      await social.write.postTweet({ text: 'A plain post about finches.' });
      await social.write.postTweet({ text: 'Our guide: https://example.com/finches' });
      await social.write.like(feeders);
    });
    h.clock.advance(24 * 3_600_000);
    await search();

    const recorded = rows().filter((r) => r.endpoint !== '/2/users/me');
    expect(recorded.map(line)).toEqual([
      'agent GET /2/tweets/search/recent post_read 3/3 $0.015',
      'agent GET /2/tweets/search/recent post_read 0/3 $0',
      // The question was charged by the search already today: free again.
      `agent GET /2/users/{id}/mentions owned_read ${mentionCount - 1}/${mentionCount} $${usd((mentionCount - 1) * 0.001)}`,
      'cli POST /2/tweets summoned_reply 0/0 $0.01',
      'cli POST /2/tweets post_create 0/0 $0.015',
      'cli POST /2/tweets post_create_with_link 0/0 $0.2',
      'cli POST /2/users/{id}/likes user_interaction 0/0 $0.015',
      'agent GET /2/tweets/search/recent post_read 3/3 $0.015',
    ]);

    const total = usd(rows().reduce((sum, r) => sum + r.cost_usd, 0));
    const fromTool = await tools.call('get_social_usage', { month: true });
    const fromHttp = await h.api('GET', '/api/analytics/api-usage?month=true');
    expect(fromHttp.status).toBe(200);
    expect(fromTool.data.bill.month_to_date_usd).toBe(total);
    expect(fromHttp.json.bill).toEqual(fromTool.data.bill);
    expect(fromHttp.json.bill).toMatchObject({
      month: '2026-11',
      days_in_month: 30,
      days_elapsed: 23,
      forecast_usd: usd((total / 23) * 30),
    });
    const days = fromHttp.json.bill.daily as Array<{ date: string; cost_usd: number }>;
    expect(days.find((d) => d.date === '2026-11-23')?.cost_usd).toBe(0.015);
    const byActor = Object.fromEntries(
      (fromHttp.json.bill.by_actor as Array<{ actor: string; cost_usd: number }>).map((a) => [
        a.actor,
        a.cost_usd,
      ]),
    );
    expect(byActor.cli).toBe(0.24);
    expect(byActor.agent).toBe(usd(0.03 + (mentionCount - 1) * 0.001));
    const byEndpoint = fromHttp.json.bill.by_endpoint as Array<{
      method: string;
      endpoint: string;
      cost_usd: number;
    }>;
    expect(byEndpoint[0]).toMatchObject({ method: 'POST', endpoint: '/2/tweets', cost_usd: 0.225 });
  });
});
