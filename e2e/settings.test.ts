// The Settings page against the built server, the fake platform, the fake LLM and the fake drive: forms
// generated from the schema save only what changed (the PATCH body, the file with its comments), invalid
// values show beside their fields and write nothing, secrets are write-only, the mode applies at once, the
// policy pickers, the LLM test (configured, unsaved wrong key, unreachable), enrichment, backups, sources
// (a folder added; refused in cloud deployment and in a system location) and the drive link in a popup and in the same tab.
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { refusedUrl } from '../test/support/refused-port.js';
import {
  COMMENT,
  configText,
  LLM_KEY,
  openSettings,
  serverSettings,
  settingsPatches,
  startSettingsWorld,
} from './support/settings.js';
import { call } from './support/studio.js';

const world = startSettingsWorld();
const folder = mkdtempSync(join(tmpdir(), 'settings-e2e-notes-'));
writeFileSync(join(folder, 'idea.md'), '# Idea\nA note in a folder.');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('Settings forms generated from the config schema', () => {
  it('shows labels, help and defaults; saves only the changed key in one PATCH; the file keeps its comments', {
    timeout: 60_000,
  }, async () => {
    const { studio } = world;
    const page = studio.page;
    const sent = settingsPatches(page);
    await openSettings(studio);
    const limits = page.getByRole('region', { name: 'Rate limits and safety guardrails' });
    const replies = limits.getByLabel('Max replies per day', { exact: true });
    await expect.poll(() => replies.inputValue()).toBe('5');
    const help = await replies.getAttribute('aria-describedby');
    await expect.poll(() => page.locator(`[id="${help}"]`).textContent()).toContain('Default: 5.');
    // The platform account section reads the login the home holds (the fake's).
    await page
      .getByRole('region', { name: 'Platform account' })
      .getByText(/Signed in: the service can post/)
      .waitFor();

    await replies.fill('3');
    await limits.getByRole('button', { name: 'Save changes' }).click();
    await limits.getByRole('status').getByText('Saved limits.max_replies_per_day.').waitFor();
    expect(sent).toEqual([{ set: { 'limits.max_replies_per_day': 3 }, unset: [] }]);
    const text = configText(studio);
    expect(text).toContain('max_replies_per_day = 3');
    expect(text).toContain(COMMENT);
    expect(text).toContain('# caps the loops obey');
    expect((await serverSettings(studio)).config.limits.max_replies_per_day).toBe(3);
  });

  it('invalid values: each server issue beside its field, focus on the first, and nothing written', {
    timeout: 60_000,
  }, async () => {
    const { studio } = world;
    const page = studio.page;
    await openSettings(studio);
    const before = readFileSync(studio.home.configPath);
    const sent = settingsPatches(page);
    const limits = page.getByRole('region', { name: 'Rate limits and safety guardrails' });
    await limits.getByLabel('Max replies per day', { exact: true }).fill('lots');
    await limits.getByLabel('Product mention ratio', { exact: true }).fill('7');
    await limits.getByRole('button', { name: 'Save changes' }).click();
    await limits
      .getByRole('alert')
      .getByText(/^Nothing was saved: 2 problem\(s\)/)
      .waitFor();
    expect(sent).toEqual([
      { set: { 'limits.max_replies_per_day': 'lots', 'limits.product_mention_ratio': 7 }, unset: [] },
    ]);
    const replies = limits.getByLabel('Max replies per day', { exact: true });
    expect(await replies.getAttribute('aria-invalid')).toBe('true');
    await expect
      .poll(() => page.evaluate('document.activeElement?.id'))
      .toBe(await replies.getAttribute('id'));
    const ids = (await replies.getAttribute('aria-describedby'))?.split(' ') ?? [];
    const error = page.locator(`[id="${ids.find((id) => id.endsWith('-error'))}"]`);
    expect(await error.textContent()).toMatch(/expected number/);
    const ratio = limits.getByLabel('Product mention ratio', { exact: true });
    expect(await ratio.getAttribute('aria-invalid')).toBe('true');
    // A JSON field that does not parse is refused here, before any request.
    const policy = page.getByRole('region', { name: 'Tool mutation policy' });
    await policy.getByLabel('Rules', { exact: true }).fill('[{"id": ');
    await policy.getByRole('button', { name: 'Save changes' }).click();
    await policy.getByText(/not valid JSON/).waitFor();
    expect(sent).toHaveLength(1);
    expect(readFileSync(studio.home.configPath).equals(before)).toBe(true);
  });

  it('a secret is never shown or prefilled; typing one replaces it and the field empties again', {
    timeout: 60_000,
  }, async () => {
    const { studio } = world;
    const page = studio.page;
    await openSettings(studio);
    const llm = page.getByRole('region', { name: 'LLM provider' });
    const key = llm.getByLabel('Api key', { exact: true });
    expect(await key.inputValue()).toBe('');
    expect(await key.getAttribute('type')).toBe('password');
    expect(await key.getAttribute('placeholder')).toBe('Saved (****4242); type to replace');
    expect(await page.content()).not.toContain(LLM_KEY);
    const sent = settingsPatches(page);
    await key.fill('sk-e2e-second-key-9999');
    await llm.getByRole('button', { name: 'Save changes' }).click();
    await llm.getByRole('status').getByText('Saved llm.api_key.').waitFor();
    expect(sent).toEqual([{ set: { 'llm.api_key': 'sk-e2e-second-key-9999' }, unset: [] }]);
    expect(configText(studio)).toContain('api_key = "sk-e2e-second-key-9999"');
    await expect.poll(() => key.inputValue()).toBe('');
    await expect.poll(() => key.getAttribute('placeholder')).toBe('Saved (****9999); type to replace');
    // Put the key the fake LLM accepts back for the connection tests.
    await call(studio, 'PATCH', '/api/settings', { set: { 'llm.api_key': LLM_KEY } });
  });
});

describe('mode, approval and the mutation policy', () => {
  it('the mode dropdown applies at once without a restart; composer forces approval on', {
    timeout: 60_000,
  }, async () => {
    const { studio } = world;
    const page = studio.page;
    await openSettings(studio);
    const sent = settingsPatches(page);
    const panel = page.getByRole('region', { name: 'Operating mode' });
    await panel.getByLabel('Mode', { exact: true }).selectOption('composer');
    await panel
      .getByRole('status')
      .getByText(/^Composer mode is on/)
      .waitFor();
    expect(sent).toEqual([{ set: { mode: 'composer' }, unset: [] }]);
    // The server applied it before answering: the running service is in composer mode now.
    const runtime = (await (await call(studio, 'GET', '/api/runtime/status')).json()) as {
      mode: string;
      approval_mode: boolean;
    };
    expect(runtime).toMatchObject({ mode: 'composer', approval_mode: true });
    const approval = panel.getByLabel('Approval mode');
    expect(await approval.isChecked()).toBe(true);
    expect(await approval.isDisabled()).toBe(true);
    expect(configText(studio)).toMatch(/^mode = "composer"$/m);

    await panel.getByLabel('Mode', { exact: true }).selectOption('autopilot');
    await panel
      .getByRole('status')
      .getByText(/^Autopilot is on/)
      .waitFor();
    expect(await approval.isDisabled()).toBe(false);
    await approval.check();
    await panel.getByRole('status').getByText('Approval mode is on.').waitFor();
    expect(sent.slice(1)).toEqual([
      { set: { mode: 'autopilot' }, unset: [] },
      { set: { approval_mode: true }, unset: [] },
    ]);
    expect((await serverSettings(studio)).config).toMatchObject({ mode: 'autopilot', approval_mode: true });
  });

  it('blocked tools and tools needing approval are picked from the tool registry; dry run and the hourly cap', {
    timeout: 60_000,
  }, async () => {
    const { studio } = world;
    const page = studio.page;
    await openSettings(studio);
    const sent = settingsPatches(page);
    const policy = page.getByRole('region', { name: 'Tool mutation policy' });
    const approval = policy.getByRole('group', { name: 'Require approval for' });
    await approval.getByRole('button', { name: 'Remove social_like_tweet' }).click();
    const blocked = policy.getByRole('group', { name: 'Blocked tools' });
    await blocked.getByText('No tools.').waitFor();
    const options = await blocked.getByLabel('Add a tool').locator('option').allTextContents();
    expect(options).toContain('social_delete_tweet (write)');
    expect(options.some((o) => o.startsWith('get_config'))).toBe(false);
    await blocked.getByLabel('Add a tool').selectOption('social_delete_tweet');
    await blocked.getByRole('button', { name: 'Add' }).click();
    await blocked.getByText('social_delete_tweet', { exact: true }).waitFor();
    await policy.getByLabel('Dry run mutations').check();
    await policy.getByLabel('Max mutations per hour', { exact: true }).fill('10');
    await policy.getByRole('button', { name: 'Save changes' }).click();
    await policy
      .getByRole('status')
      .getByText(/^Saved /)
      .waitFor();
    expect(sent).toEqual([
      {
        set: {
          'mcp_policy.require_approval_for': [
            'social_post_tweet',
            'social_reply_to_tweet',
            'social_follow_user',
          ],
          'mcp_policy.blocked_tools': ['social_delete_tweet'],
          'mcp_policy.dry_run_mutations': true,
          'mcp_policy.max_mutations_per_hour': 10,
        },
        unset: [],
      },
    ]);
    const inForce = (await (await call(studio, 'GET', '/api/policy')).json()) as Record<string, unknown>;
    expect(inForce).toMatchObject({
      blocked_tools: ['social_delete_tweet'],
      dry_run_mutations: true,
      max_mutations_per_hour: 10,
      require_approval_for: ['social_post_tweet', 'social_reply_to_tweet', 'social_follow_user'],
    });
  });
});

describe('LLM test connection', () => {
  it('the saved settings answer; an unsaved wrong key and an unreachable endpoint say why; nothing is saved', {
    timeout: 60_000,
  }, async () => {
    const { studio } = world;
    const page = studio.page;
    await openSettings(studio);
    const sent = settingsPatches(page);
    const before = readFileSync(studio.home.configPath);
    const llm = page.getByRole('region', { name: 'LLM provider' });
    const status = llm.locator('.llm-test [role="status"]');
    let calls = studio.llm.calls.length;
    await llm.getByRole('button', { name: 'Test connection' }).click();
    await expect
      .poll(() => status.textContent())
      .toMatch(/^Connected: openai answered in \d+ ms \(model gpt-4o-mini\)\.$/);
    expect(studio.llm.calls.slice(calls).map((c) => [c.apiKey, c.status])).toEqual([[LLM_KEY, 200]]);

    calls = studio.llm.calls.length;
    await llm.getByLabel('Api key', { exact: true }).fill('sk-not-this-one');
    await llm.getByRole('button', { name: 'Test connection' }).click();
    await expect
      .poll(() => status.textContent())
      .toContain('Connection failed: the openai provider rejected the API key (HTTP 401)');
    expect(studio.llm.calls.slice(calls).map((c) => c.apiKey)).toContain('sk-not-this-one');

    await llm.getByLabel('Api key', { exact: true }).fill('');
    const unreachable = refusedUrl('/v1');
    await llm.getByLabel('Base url', { exact: true }).fill(unreachable);
    // The saved key goes only to the endpoint it was saved for: another one is tried with its own key.
    await llm.getByRole('button', { name: 'Test connection' }).click();
    await expect
      .poll(() => status.textContent())
      .toBe(
        `The test could not run: api_key: the stored key is only ever sent to ${new URL(studio.llm.url).origin}; to test ${new URL(unreachable).origin}, give its key in the request.`,
      );
    await llm.getByLabel('Api key', { exact: true }).fill('sk-for-the-unreachable-one');
    await llm.getByRole('button', { name: 'Test connection' }).click();
    await expect
      .poll(() => status.textContent(), { timeout: 20_000 })
      .toMatch(/^Connection failed: openai could not be reached/);
    expect(await status.textContent()).toContain(unreachable);
    expect(sent).toEqual([]);
    expect(readFileSync(studio.home.configPath).equals(before)).toBe(true);
  });
});

describe('business profile and backups', () => {
  it('shows the enrichment stages and the next one; filling Voice moves the suggestion to Persona', {
    timeout: 60_000,
  }, async () => {
    const { studio } = world;
    const page = studio.page;
    await openSettings(studio);
    const business = page.getByRole('region', { name: 'Product profile, keywords, voice and persona' });
    const stages = business.getByRole('region', { name: 'Profile enrichment' });
    await stages.getByText('Next suggested stage: Voice', { exact: false }).waitFor();
    const sent = settingsPatches(page);
    await business.getByLabel('Brand voice', { exact: true }).fill('Plain and warm.');
    await business.getByLabel('Reply style', { exact: true }).fill('Short, specific, no pitch.');
    await business.getByLabel('Content style', { exact: true }).fill('Lessons from shipping.');
    await business.getByRole('button', { name: 'Save changes' }).click();
    await stages.getByText(/Next suggested stage: Persona/).waitFor();
    expect(await stages.getByRole('listitem').first().textContent()).toBe('Voice: complete');
    expect(sent).toEqual([
      {
        set: {
          'business.brand_voice': 'Plain and warm.',
          'business.reply_style': 'Short, specific, no pitch.',
          'business.content_style': 'Lessons from shipping.',
        },
        unset: [],
      },
    ]);
    expect(configText(studio)).toContain('brand_voice = "Plain and warm."');
  });

  it('takes a backup now and lists it', { timeout: 60_000 }, async () => {
    const { studio } = world;
    const page = studio.page;
    await openSettings(studio);
    const backups = page.getByRole('region', { name: 'Backups' });
    await backups.getByText('No backups yet.').waitFor();
    await backups.getByRole('button', { name: 'Take a backup now' }).click();
    const status = backups.getByRole('status');
    await status.getByText(/^Backup taken and verified: app_\d{8}_\d{6}_\d{3}\.db\.$/).waitFor();
    const name = /(app_\S+\.db)/.exec((await status.textContent()) ?? '')?.[1] ?? '';
    await backups.getByRole('cell', { name }).waitFor();
    expect(existsSync(join(studio.home.dir, 'backups', name))).toBe(true);
  });
});

describe('content sources', () => {
  it('adds a local folder (listed with its status and notes); in cloud deployment the server refuses it, saying why', {
    timeout: 90_000,
  }, async () => {
    const { studio } = world;
    const page = studio.page;
    await openSettings(studio);
    const sent = settingsPatches(page);
    const sources = page.getByRole('region', { name: 'Local folders and cloud drive' });
    await sources.getByLabel('Folder path').fill(folder);
    await sources.getByRole('button', { name: 'Add folder' }).click();
    await sources.getByRole('status').getByText(`Added ${folder}.`).waitFor();
    expect(sent).toEqual([
      { set: { 'content_sources.sources': [{ source_type: 'local_fs', path: folder }] }, unset: [] },
    ]);
    expect(configText(studio)).toContain(`path = "${folder}"`);
    const row = sources.getByRole('row').filter({ hasText: folder });
    await row.getByRole('cell', { name: 'active' }).waitFor({ timeout: 30_000 });
    await row.getByRole('cell', { name: '1', exact: true }).waitFor({ timeout: 30_000 });

    // Cloud deployment: chosen in the General form, then a second folder is refused with the server's reason.
    const general = page.getByRole('region', { name: 'General' });
    await general.getByLabel('Deployment mode', { exact: true }).selectOption('cloud');
    await general.getByRole('button', { name: 'Save changes' }).click();
    await general.getByRole('status').getByText('Saved deployment_mode.').waitFor();
    const before = readFileSync(studio.home.configPath);
    await sources.getByLabel('Folder path').fill(join(folder, 'more'));
    await sources.getByRole('button', { name: 'Add folder' }).click();
    await sources
      .getByRole('alert')
      .getByText(/^Not added: .*not available in cloud deployment/)
      .waitFor();
    expect(readFileSync(studio.home.configPath).equals(before)).toBe(true);
    await call(studio, 'PATCH', '/api/settings', { set: { deployment_mode: 'desktop' } });
  });

  it('a folder in a system location, or behind a link to one, is refused with the reason beside the field', {
    timeout: 60_000,
  }, async () => {
    const { studio } = world;
    const page = studio.page;
    await openSettings(studio);
    const sent = settingsPatches(page);
    const sources = page.getByRole('region', { name: 'Local folders and cloud drive' });
    const field = sources.getByLabel('Folder path');
    const before = readFileSync(studio.home.configPath);
    await field.fill('/etc');
    await sources.getByRole('button', { name: 'Add folder' }).click();
    const alert = sources.getByRole('alert');
    await alert
      .getByText(/^Not added: \/etc is a system location; content sources read only note folders/)
      .waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.getAttribute('aria-describedby')).toBe(await alert.getAttribute('id'));
    expect(sent.at(-1)).toMatchObject({
      set: { 'content_sources.sources': expect.arrayContaining([{ source_type: 'local_fs', path: '/etc' }]) },
    });

    symlinkSync('/etc', join(folder, 'etc-link'));
    await field.fill(join(folder, 'etc-link'));
    await sources.getByRole('button', { name: 'Add folder' }).click();
    await alert
      .getByText(`Not added: ${join(folder, 'etc-link')} resolves to /etc, a system location`, {
        exact: false,
      })
      .waitFor();
    expect(readFileSync(studio.home.configPath).equals(before)).toBe(true);
    const saved = JSON.stringify((await serverSettings(studio)).config.content_sources.sources);
    expect(saved).not.toContain('"/etc"');
    expect(saved).not.toContain('etc-link');
  });

  it('Connect cloud drive: the consent in a popup, the callback tells the page, the source gets the connection', {
    timeout: 90_000,
  }, async () => {
    const { studio, drive } = world;
    drive.state.addFile('drive-note.md', '# From the drive\nWritten elsewhere.');
    const page = studio.page;
    await openSettings(studio);
    const sources = page.getByRole('region', { name: 'Local folders and cloud drive' });
    const popupOpened = studio.browser.context.waitForEvent('page');
    await sources.getByRole('button', { name: 'Connect cloud drive' }).click();
    const popup = await popupOpened;
    await popup.waitForEvent('close', { timeout: 30_000 });
    await sources.getByText('Cloud drive linked (connection 1); the drive source now uses it.').waitFor();
    expect((await serverSettings(studio)).config.content_sources.sources).toEqual(
      expect.arrayContaining([expect.objectContaining({ source_type: 'cloud_drive', connection_id: 1 })]),
    );
    expect(configText(studio)).toContain('connection_id = 1');
    expect(configText(studio)).toContain(COMMENT);
    const row = sources.getByRole('row').filter({ hasText: 'cloud drive' });
    await row.getByRole('cell', { name: 'active' }).waitFor({ timeout: 30_000 });
  });

  it('a blocked popup leaves a link that continues the link in the same tab (after the 409 offers another account)', {
    timeout: 90_000,
  }, async () => {
    const { studio } = world;
    const page = await studio.browser.context.newPage();
    // The browser's popup blocker, as a page sees it: window.open answers null.
    await page.addInitScript('window.open = () => null;');
    await openSettings(studio, page);
    const sources = page.getByRole('region', { name: 'Local folders and cloud drive' });
    await sources.getByRole('button', { name: 'Connect cloud drive' }).click();
    // Connection 1 from the test before is active: the server's conflict, and the way on.
    await sources
      .getByRole('alert')
      .getByText(/disconnect first or pass force=true/)
      .waitFor();
    await sources.getByRole('button', { name: 'Link another account' }).click();
    const link = sources.getByRole('link', { name: 'Continue linking the cloud drive in this tab' });
    await link.waitFor();
    expect(new URL((await link.getAttribute('href')) ?? '').origin).toBe(world.drive.url);
    await link.click();
    await page.getByRole('heading', { name: 'Cloud drive linked' }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/api/connectors/cloud-drive/callback');
    const status = (await (await call(studio, 'GET', '/api/connectors/cloud-drive/status')).json()) as {
      connections: Array<{ id: number; status: string }>;
    };
    expect(status.connections.map((c) => c.id)).toEqual([1, 2]);
    await expect
      .poll(async () => JSON.stringify((await serverSettings(studio)).config.content_sources.sources))
      .toContain('"connection_id":2');
    // No dead end: the page leads back to Settings, where the new account shows.
    await page.getByRole('link', { name: 'Back to Settings' }).click();
    await page.getByRole('region', { name: 'Local folders and cloud drive' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/settings');
    await page.close();
  });
});
