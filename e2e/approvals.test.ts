// The Approvals page against the built server: tabs hold the right items with their source, target, score
// and risks; approve, reject with a note, edit with history and approve-all reach the server; keyboard
// triage; live update when a real tool-server process queues an item; 1,000 pending items stay virtualized;
// the empty queue and an unreachable server are said plainly.
import { describe, expect, it } from 'vitest';
import {
  fakePlatformEnv,
  type StdioToolServer,
  startStdioToolServer,
} from '../test/support/stdio-tool-server.js';
import {
  BATCH_CAP,
  call,
  row,
  seed,
  startApprovalsWorld,
  storedHistory,
  storedItem,
} from './support/approvals.js';
import { clockEnv } from './support/world-clock.js';

const w = startApprovalsWorld();
const detail = () => w.page.getByRole('region', { name: /#\d+/ });
const pendingCount = async () => (await call(w, 'GET', '/api/approval/stats')).json.pending as number;

describe('Approvals page', () => {
  it('says plainly when nothing waits, and when the server cannot be reached', async () => {
    const { page } = w;
    await expect.poll(() => page.getByText('Nothing is waiting for approval.').isVisible()).toBe(true);
    await page.route('**/api/approval?**', (route) => route.abort());
    await page.reload();
    await page.getByRole('alert').filter({ hasText: 'The server cannot be reached' }).waitFor();
    await page.unroute('**/api/approval?**');
  });

  it('tabs show the items of each status with source, target, score, risks and review', async () => {
    const { page } = w;
    const [reply, agent, rejected, posted, failed, expired] = await seed(w, [
      {
        text: 'Tabs: a reply to alice',
        action_type: 'reply',
        actor: 'loop:discovery',
        target_tweet_id: '1777',
        target_author_username: 'alice',
        score: 87.4,
        detected_risks: ['mentions a competitor'],
        reason: 'approval mode is on',
      },
      { text: 'Tabs: an agent post', actor: 'agent' },
      { text: 'Tabs: rejected one', status: 'rejected', note: 'too salesy' },
      { text: 'Tabs: posted one', status: 'posted' },
      { text: 'Tabs: failed one', status: 'failed' },
      { text: 'Tabs: expired one', status: 'expired' },
    ]);
    await page.goto(`${w.server.url}/approvals`);
    await row(page, 'Tabs: a reply to alice').click();
    await expect.poll(() => detail().textContent()).toContain('Loop: discovery');
    const facts = await detail().textContent();
    expect(facts).toContain('@alice');
    expect(facts).toContain('post 1777');
    expect(facts).toContain('87');
    expect(facts).toContain('mentions a competitor');
    await row(page, 'Tabs: an agent post').click();
    await expect.poll(() => detail().textContent()).toContain('Agent');
    for (const hidden of ['rejected one', 'posted one', 'failed one', 'expired one'])
      expect(await row(page, `Tabs: ${hidden}`).count()).toBe(0);

    const tabs: Array<[string, string, string]> = [
      ['Rejected', 'Tabs: rejected one', 'too salesy'],
      ['Posted', 'Tabs: posted one', 'posted'],
      ['Failed', 'Tabs: failed one', 'the platform said no'],
      ['Expired', 'Tabs: expired one', 'expired'],
    ];
    for (const [tab, text, shown] of tabs) {
      await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
      await row(page, text).click();
      await expect.poll(() => detail().textContent()).toContain(shown);
      expect(await row(page, 'Tabs: a reply to alice').count()).toBe(0);
    }
    expect(new URL(page.url()).searchParams.get('tab')).toBe('expired');
    expect([reply, agent, rejected, posted, failed, expired].map((i) => i?.status)).toEqual([
      'pending',
      'pending',
      'rejected',
      'posted',
      'failed',
      'expired',
    ]);
  }, 60_000);

  it('edit (with its history), approve and reject with a note reach the server', async () => {
    const { page } = w;
    const [toEdit, toReject] = await seed(w, [
      { text: 'Review: first words' },
      { text: 'Review: reject me' },
    ]);
    if (!toEdit || !toReject) throw new Error('not seeded');
    await page.goto(`${w.server.url}/approvals`);
    await row(page, 'Review: first words').click();
    await detail().getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Text' }).fill('Review: better words');
    await page.getByRole('button', { name: 'Save edit' }).click();
    await expect.poll(async () => (await storedItem(w, toEdit.id)).content).toBe('Review: better words');
    expect(await storedHistory(w, toEdit.id)).toMatchObject([
      {
        field: 'content',
        old_value: 'Review: first words',
        new_value: 'Review: better words',
        editor: 'dashboard',
      },
    ]);
    const history = page.getByRole('region', { name: 'Edit history' });
    await expect.poll(() => history.textContent()).toContain('Dashboard changed the text');

    const approved = page.waitForResponse((r) => r.url().endsWith(`/api/approval/${toEdit.id}/approve`));
    await detail().getByRole('button', { name: 'Approve' }).click();
    const { job_id } = (await (await approved).json()) as { job_id: number };
    // Direct mode: the approved post goes out at once through its posting job.
    await expect.poll(async () => (await storedItem(w, toEdit.id)).status).toBe('posted');
    expect((await call(w, 'GET', `/api/posting/jobs/${job_id}`)).json).toMatchObject({
      id: job_id,
      kind: 'tweet',
    });
    expect(w.fake.state.tweetsNewestFirst().some((t) => t.text === 'Review: better words')).toBe(true);
    await page
      .getByRole('status')
      .filter({ hasText: `Item ${toEdit.id} approved.` })
      .waitFor();

    await row(page, 'Review: reject me').click();
    await detail().getByRole('button', { name: 'Reject…' }).click();
    const dialog = page.getByRole('dialog', { name: `Reject item ${toReject.id}?` });
    await dialog.getByRole('textbox', { name: /Note/ }).fill('off brand');
    await dialog.getByRole('button', { name: 'Reject item' }).click();
    await expect.poll(async () => (await storedItem(w, toReject.id)).status).toBe('rejected');
    expect(await storedItem(w, toReject.id)).toMatchObject({
      review_notes: 'off brand',
      reviewed_by: 'dashboard',
    });
    await expect.poll(() => row(page, 'Review: reject me').count()).toBe(0);
  }, 60_000);

  it(`approve all approves at most max_batch_approve (${BATCH_CAP}) and says the cap applied`, async () => {
    const { page } = w;
    await seed(
      w,
      [1, 2, 3, 4, 5].map((n) => ({ text: `Batch item ${n}` })),
    );
    await page.goto(`${w.server.url}/approvals`);
    await row(page, 'Batch item 5').waitFor();
    const before = await pendingCount();
    expect(before).toBeGreaterThan(BATCH_CAP);
    await page.getByRole('button', { name: `Approve all (up to ${BATCH_CAP})` }).click();
    const confirm = page.getByRole('alertdialog', {
      name: `Approve ${BATCH_CAP} of ${before} pending items?`,
    });
    await confirm.getByRole('button', { name: `Approve ${BATCH_CAP}` }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Approved ${BATCH_CAP} items.` })
      .waitFor();
    expect(await page.getByRole('status').textContent()).toContain('The batch cap applied');
    expect(await pendingCount()).toBe(before - BATCH_CAP);
  }, 60_000);

  it('keyboard triage: j/k move, a approves, r asks for a note and rejects, e edits; not while typing', async () => {
    const { page } = w;
    // Start from an empty queue so the three items are the list.
    const left = (await call(w, 'GET', '/api/approval?limit=200')).json.items as Array<{ id: number }>;
    for (const item of left) await call(w, 'POST', `/api/approval/${item.id}/reject`, { notes: 'cleanup' });
    const [one, two, three] = await seed(w, [
      { text: 'Keys: one' },
      { text: 'Keys: two' },
      { text: 'Keys: three' },
    ]);
    if (!one || !two || !three) throw new Error('not seeded');
    await page.goto(`${w.server.url}/approvals`);
    await row(page, 'Keys: three').waitFor();
    const selected = () => page.getByRole('option', { selected: true }).textContent();
    await expect.poll(selected).toContain('Keys: one');
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await expect.poll(selected).toContain('Keys: three');
    await page.keyboard.press('k');
    await expect.poll(selected).toContain('Keys: two');

    // An input method composing: the key is the IME's, not a command.
    await page.evaluate(
      "document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', isComposing: true, bubbles: true }))",
    );
    await page.keyboard.press('e');
    await expect.poll(() => page.evaluate('document.activeElement?.tagName')).toBe('TEXTAREA');
    await page.keyboard.press('End');
    await page.keyboard.type(' jka');
    await page.getByRole('button', { name: 'Save edit' }).click();
    await expect.poll(async () => (await storedItem(w, two.id)).content).toBe('Keys: two jka');
    expect((await storedItem(w, two.id)).status).toBe('pending');
    await expect.poll(selected).toContain('Keys: two');
    // The edit box must be gone before the next key: an `a` typed into it is text, not a command (under a
    // loaded full run the key once came first).
    await page.getByRole('button', { name: 'Save edit' }).waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate('document.activeElement?.tagName')).not.toBe('TEXTAREA');

    await page.keyboard.press('a');
    await expect.poll(async () => (await storedItem(w, two.id)).reviewed_by).toBe('dashboard');
    await expect.poll(async () => (await storedItem(w, two.id)).status).toBe('posted');
    await expect.poll(selected).toContain('Keys: three');
    await page.keyboard.press('r');
    const dialog = page.getByRole('dialog', { name: `Reject item ${three.id}?` });
    await dialog.getByRole('textbox', { name: /Note/ }).fill('rejected by key');
    await page.keyboard.press('Control+Enter');
    await expect.poll(async () => (await storedItem(w, three.id)).review_notes).toBe('rejected by key');
    expect((await storedItem(w, one.id)).status).toBe('pending');
    await page.getByText('Keyboard shortcuts').click();
    expect(await page.getByRole('group').filter({ hasText: 'Keyboard shortcuts' }).textContent()).toContain(
      'Reject the selected item',
    );
  }, 60_000);

  it('live: an item queued by a tool-server process appears without reload; approving it posts', async () => {
    const { page } = w;
    await page.goto(`${w.server.url}/approvals`);
    await page.getByText('Live: new items appear as they are queued.').waitFor();
    let tools: StdioToolServer | undefined;
    try {
      tools = await startStdioToolServer({ ...fakePlatformEnv(w.fake, w.home.dir), ...clockEnv(w.clock) });
      const routed = await tools.call('social_post_tweet', { text: 'Live: from an agent process' });
      expect(routed.data).toMatchObject({ routed_to_approval: true });
      const id = routed.data.approval_queue_id as number;
      await row(page, 'Live: from an agent process').waitFor();
      await page.getByText(`New tweet #${id} queued by Agent.`).waitFor({ state: 'attached' });
      await row(page, 'Live: from an agent process').click();
      await expect.poll(() => detail().textContent()).toContain(`#${id}`);
      const approved = page.waitForResponse((r) => r.url().endsWith(`/api/approval/${id}/approve`));
      await detail().getByRole('button', { name: 'Approve' }).click();
      const { job_id } = (await (await approved).json()) as { job_id: number };
      await expect.poll(async () => (await storedItem(w, id)).status).toBe('posted');
      expect(await storedItem(w, id)).toMatchObject({ actor: 'agent', reviewed_by: 'dashboard' });
      expect((await call(w, 'GET', `/api/posting/jobs/${job_id}`)).json).toMatchObject({
        id: job_id,
        kind: 'tweet',
      });
      expect(w.fake.state.tweetsNewestFirst().some((t) => t.text === 'Live: from an agent process')).toBe(
        true,
      );
    } finally {
      await tools?.close();
    }
  }, 90_000);

  it('1,000 pending items: the list keeps only the rows in view and reaches the last one', async () => {
    const { page } = w;
    await seed(
      w,
      Array.from({ length: 1000 }, (_, n) => ({ text: `Bulk ${n + 1}` })),
    );
    await page.goto(`${w.server.url}/approvals`);
    const list = page.getByRole('listbox', { name: 'Pending items' });
    await row(page, 'Bulk 1').first().waitFor();
    const total = await pendingCount();
    expect(total).toBeGreaterThanOrEqual(1000);
    expect(await page.getByRole('option').count()).toBeLessThan(40);
    await list.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await page.locator(`[role="option"][aria-posinset="${total}"]`).waitFor({ timeout: 30_000 });
    expect(await row(page, 'Bulk 1000').count()).toBe(1);
    expect(await page.getByRole('option').count()).toBeLessThan(40);
  }, 90_000);
});
