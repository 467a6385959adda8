// The Discovery page in a real browser against the built server: the feed filled through the real
// discovery path (posts at the fake platform, find_reply_opportunities in the built tool server), the
// per-signal breakdown, filters and paging that change the request and live in the URL, compose-reply
// through the fake LLM into the side editor with the server's weighted count, queue-reply into the
// approval queue with the edited text, a guard's refusal, the LLM unreachable, and composer mode.
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { weightedLength } from '../src/core/domain/weighted-length.js';
import { refusedUrl } from '../test/support/refused-port.js';
import {
  feedItems,
  patchSettings,
  pendingApprovals,
  type SeededFeed,
  seedDiscoveryFeed,
  setMode,
} from './support/discovery.js';
import { call, startStudio } from './support/studio.js';

const studio = startStudio();

/** Every feed request the page sends from now on, as its query parameters. */
function feedRequests(page: Page): URLSearchParams[] {
  const seen: URLSearchParams[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/discovery/feed') seen.push(url.searchParams);
  });
  return seen;
}

const headings = (page: Page) =>
  page.getByRole('list', { name: 'Scored posts' }).getByRole('heading', { level: 2 }).allTextContents();

const post = (page: Page, author: string, text: string) =>
  page.getByRole('article', { name: `Post by @${author}` }).filter({ hasText: text });

describe('Discovery feed page', () => {
  let page: Page;
  let seeded: SeededFeed;
  beforeAll(async () => {
    page = studio.page;
    seeded = await seedDiscoveryFeed(studio);
  }, 60_000);

  it('lists scored posts with their per-signal breakdown; filters and paging change the request, the list and the URL', {
    timeout: 60_000,
  }, async () => {
    const requests = feedRequests(page);
    await page.goto(`${studio.server.url}/discovery`);
    const all = await feedItems(studio, '?limit=20');
    expect(all).toHaveLength(20);
    await expect.poll(() => headings(page)).toEqual(all.map((i) => `Post by @${i.author_username}`));
    await page.getByText('Posts 1–20, best score first').waitFor();

    // The breakdown of the best post: one row per signal, its points as stored.
    const top = all[0];
    const signals = Object.values(top?.score_breakdown.signals ?? {});
    expect(signals).toHaveLength(6);
    const table = page
      .getByRole('table', { name: new RegExp(`Score breakdown for @${top?.author_username}`) })
      .first();
    const rows = await table.getByRole('row').allTextContents();
    expect(rows.slice(1)).toHaveLength(6);
    expect(await table.getByRole('rowheader').allTextContents()).toEqual([
      'Keywords',
      'Author reach',
      'Recency',
      'Engagement',
      'Replies so far',
      'Content type',
    ]);
    expect(rows.slice(1).map((row) => row.replace(/^\D+/, '').split(' ')[0])).toEqual(
      signals.map((s) => String(s.score)),
    );
    await page
      .getByRole('list', { name: 'Scored posts' })
      .getByRole('article')
      .first()
      .getByText(`Score ${Math.round(top?.relevance_score ?? 0)}`)
      .waitFor();

    // Paging: the next page asks for offset 20 and shows the server's next page; back returns.
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('offset')).toBe('20');
    const second = await feedItems(studio, '?limit=20&offset=20');
    expect(second.length).toBeGreaterThan(0);
    await expect.poll(() => headings(page)).toEqual(second.map((i) => `Post by @${i.author_username}`));
    expect(requests.at(-1)?.get('offset')).toBe('20');
    await page.goBack();
    await expect.poll(() => headings(page)).toEqual(all.map((i) => `Post by @${i.author_username}`));

    // Keyword from the keywords endpoint: the request carries it and the list is the server's answer.
    await page.getByLabel('Keyword').selectOption('typescript');
    await expect.poll(() => new URL(page.url()).searchParams.get('keyword')).toBe('typescript');
    const typescript = await feedItems(studio, '?keyword=typescript');
    expect(typescript.map((i) => i.id)).toContain(seeded.tsOnly);
    await expect.poll(() => headings(page)).toEqual(typescript.map((i) => `Post by @${i.author_username}`));
    expect(requests.at(-1)?.get('keyword')).toBe('typescript');

    // Minimum score (Enter applies it), then unreplied only; a reload keeps all three.
    await page.getByLabel('Keyword').selectOption('');
    const floor = Math.floor(all[5]?.relevance_score ?? 0);
    await page.getByLabel('Minimum score').fill(String(floor));
    await page.getByLabel('Minimum score').press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('min_score')).toBe(String(floor));
    const above = await feedItems(studio, `?min_score=${floor}`);
    expect(above.length).toBeLessThan(20);
    await expect.poll(() => headings(page)).toEqual(above.map((i) => `Post by @${i.author_username}`));
    expect(requests.at(-1)?.get('min_score')).toBe(String(floor));
    await page.getByLabel('Unreplied only').check();
    await expect.poll(() => requests.at(-1)?.get('unreplied')).toBe('true');
    await page.reload();
    await expect(page.getByLabel('Unreplied only').isChecked()).resolves.toBe(true);
    await expect.poll(() => page.getByLabel('Minimum score').inputValue()).toBe(String(floor));
    expect(requests.at(-1)?.get('min_score')).toBe(String(floor));
    expect(requests.at(-1)?.get('unreplied')).toBe('true');
  });

  it('compose a reply: the LLM draft opens in the side editor with the server’s weighted count; the edited reply is queued for approval', {
    timeout: 60_000,
  }, async () => {
    await page.goto(`${studio.server.url}/discovery`);
    const rob = post(page, 'rust_rob', 'job queue on SQLite');
    await rob.waitFor();
    studio.llm.reset();
    const draft =
      'A lease column and a retry count go a long way 🙂 https://example.com/a/long/path/to/the/queue/notes';
    studio.llm.script.reply(draft);
    const composed = page.waitForResponse((r) =>
      r.url().endsWith(`/api/discovery/${seeded.rob}/compose-reply`),
    );
    await rob.getByRole('button', { name: 'Compose a reply to @rust_rob' }).click();
    const editor = page.getByRole('dialog', { name: 'Reply to @rust_rob' });
    const text = editor.getByRole('textbox', { name: 'Reply text' });
    const answer = (await (await composed).json()) as { text: string; weighted_length: number };
    await expect.poll(() => text.inputValue()).toBe(answer.text);
    expect(answer.text).toContain('lease column');
    expect(JSON.stringify(studio.llm.calls.at(-1)?.messages)).toContain('job queue on SQLite');
    // The counter is the server's weighted length (URL 23, emoji 2), not the string's length.
    expect(weightedLength(answer.text)).toBe(answer.weighted_length);
    expect(answer.weighted_length).not.toBe(answer.text.length);
    await editor.getByText(`${answer.weighted_length} / 280`).waitFor();

    const mine = 'We run one on SQLite: a jobs table with a lease column 🙂';
    await text.fill(mine);
    await editor.getByText(`${weightedLength(mine)} / 280`).waitFor();
    const before = await pendingApprovals(studio);
    await editor.getByRole('button', { name: 'Queue reply' }).click();
    await editor
      .getByRole('status')
      .filter({ hasText: /Queued for approval as item \d+/ })
      .waitFor();
    const after = await pendingApprovals(studio);
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((i) => i.target_tweet_id === seeded.rob)).toMatchObject({
      action_type: 'reply',
      content: mine,
      status: 'pending',
      actor: 'dashboard',
    });
    await editor.getByRole('button', { name: 'Close' }).click();
    await editor.waitFor({ state: 'hidden' });
    // Focus returns to the post's button.
    await expect
      .poll(() => page.evaluate('document.activeElement?.textContent'))
      .toBe('Compose a reply to @rust_rob');
  });

  it('a guard refusal is shown with its reason and nothing is queued', { timeout: 60_000 }, async () => {
    await page.goto(`${studio.server.url}/discovery`);
    // A reply to this post already waits for approval (queued by an API client): one reply per post.
    const first = await call(studio, 'POST', `/api/discovery/${seeded.sqlite[1]}/queue-reply`, {
      text: 'WAL mode saved us too.',
    });
    expect(first.status).toBe(200);
    const before = await pendingApprovals(studio);
    studio.llm.reset();
    studio.llm.script.reply('One more thought on leases.');
    await post(page, 'design_dan', 'SQLite note 1:')
      .getByRole('button', { name: /Compose a reply/ })
      .click();
    let editor = page.getByRole('dialog', { name: 'Reply to @design_dan' });
    await expect
      .poll(() => editor.getByRole('textbox', { name: 'Reply text' }).inputValue())
      .toBe('One more thought on leases.');
    await editor.getByRole('button', { name: 'Queue reply' }).click();
    await editor
      .getByRole('alert')
      .filter({ hasText: /^Refused by a guard: .+Nothing was queued\.$/ })
      .waitFor();
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'hidden' });

    // A banned phrase typed by the person: refused with the phrase named.
    studio.llm.script.reply('TypeScript generics are worth the climb.');
    await post(page, 'ml_maria', 'generics finally clicked')
      .getByRole('button', { name: /Compose a reply/ })
      .click();
    editor = page.getByRole('dialog', { name: 'Reply to @ml_maria' });
    const text = editor.getByRole('textbox', { name: 'Reply text' });
    await expect.poll(() => text.inputValue()).toBe('TypeScript generics are worth the climb.');
    await text.fill('Generics click faster with Queuebird, link in bio.');
    await editor.getByRole('button', { name: 'Queue reply' }).click();
    await editor.getByRole('alert').filter({ hasText: 'banned phrase "link in bio"' }).waitFor();
    expect(await pendingApprovals(studio)).toEqual(before);
    await page.keyboard.press('Escape');
  });

  it('with the LLM unreachable the feed still shows, compose says so, and a reply written by hand is queued', {
    timeout: 60_000,
  }, async () => {
    // A stored key moves with its endpoint only when given again (it is never sent anywhere new by itself).
    await patchSettings(studio, { 'llm.base_url': refusedUrl('/v1'), 'llm.api_key': 'sk-test' });
    try {
      await page.goto(`${studio.server.url}/discovery`);
      const feed = page.getByRole('list', { name: 'Scored posts' }).getByRole('article');
      await expect.poll(() => feed.count()).toBe(20);
      const maria = post(page, 'ml_maria', 'generics finally clicked');
      await maria.getByRole('button', { name: /Compose a reply/ }).click();
      const editor = page.getByRole('dialog', { name: 'Reply to @ml_maria' });
      await editor
        .getByRole('alert')
        .filter({ hasText: 'The LLM could not write a draft' })
        .waitFor({ timeout: 30_000 });
      const mine = 'Generics clicked for me after writing a typed event bus.';
      await editor.getByRole('textbox', { name: 'Reply text' }).fill(mine);
      await editor.getByRole('button', { name: 'Queue reply' }).click();
      await editor
        .getByRole('status')
        .filter({ hasText: /Queued for approval/ })
        .waitFor();
      expect((await pendingApprovals(studio)).find((i) => i.target_tweet_id === seeded.tsOnly)?.content).toBe(
        mine,
      );
      await page.keyboard.press('Escape');
    } finally {
      await patchSettings(studio, { 'llm.base_url': studio.llm.openaiBaseUrl, 'llm.api_key': 'sk-test' });
    }
  });

  it('composer mode: the page says discovery is read-only and offers only a reply that waits for approval', {
    timeout: 60_000,
  }, async () => {
    await setMode(studio, 'composer');
    try {
      await page.goto(`${studio.server.url}/discovery`);
      const notice = page.getByRole('region', { name: 'Discovery mode' });
      await notice.getByText('Composer mode: discovery is read-only.').waitFor();
      expect(await notice.textContent()).toContain('it writes and queues no replies');
      const target = seeded.sqlite[3] ?? '';
      const item = (await feedItems(studio, '?limit=100')).find((i) => i.id === target);
      const article = post(page, item?.author_username ?? '', item?.content ?? '');
      studio.llm.reset();
      studio.llm.script.reply('WAL plus a busy timeout is our default too.');
      await article.getByRole('button', { name: /Compose a reply/ }).click();
      const editor = page.getByRole('dialog', { name: `Reply to @${item?.author_username}` });
      await expect
        .poll(() => editor.getByRole('textbox', { name: 'Reply text' }).inputValue())
        .toBe('WAL plus a busy timeout is our default too.');
      // The only write offered is queueing for approval; no button posts.
      expect(await editor.getByRole('button').allTextContents()).toEqual([
        'Write another draft',
        'Queue reply',
        'Close',
      ]);
      await editor.getByRole('button', { name: 'Queue reply' }).click();
      await editor
        .getByRole('status')
        .filter({ hasText: /Queued for approval/ })
        .waitFor();
      const queued = (await pendingApprovals(studio)).find((i) => i.target_tweet_id === target);
      expect(queued).toMatchObject({
        status: 'pending',
        content: 'WAL plus a busy timeout is our default too.',
      });
      // Nothing reached the platform: no reply to that post exists at the fake.
      expect([...studio.fake.state.tweets.values()].filter((t) => t.inReplyToTweetId === target)).toEqual([]);
      await page.keyboard.press('Escape');
    } finally {
      await setMode(studio, 'autopilot');
    }
    await page.reload();
    await page.getByRole('region', { name: 'Discovery mode' }).getByText('Autopilot.').waitFor();
  });
});
