// The first run in the browser against the built server with no config file: signing in leads to the
// wizard; the quickstart fields (and an advanced one) write the config file; Connect account runs the
// platform's PKCE login in a popup and stores the tokens; Test the LLM reaches the fake LLM; it ends in
// Draft Studio on a new server draft. Leaving the wizard is never undone by another redirect.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { DEFAULT_USER_ID } from '../src/infra/sandbox/social/index.js';
import { firstRunCall, LLM_KEY, startFirstRun } from './support/onboarding.js';
import { PASSPHRASE } from './support/studio.js';

const world = startFirstRun();

describe('first run in the browser', () => {
  it('wizard: quickstart writes the config, Connect account stores the tokens, Test the LLM, then Draft Studio', {
    timeout: 120_000,
  }, async () => {
    const page = await world.browser.context.newPage();
    await page.goto(`${world.server.url}/`);
    await page.getByLabel('Passphrase').fill(PASSPHRASE);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Signed in on an instance without a config file: the wizard, not in the navigation.
    await page.getByRole('heading', { name: 'Set up app', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/welcome');
    expect(
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents(),
    ).not.toContain('First-run setup');

    // The user can leave: Home stays Home (no redirect back), and the wizard is still there to come back to.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Drafts' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/drafts');
    await page.goto(`${world.server.url}/welcome`);
    await page.getByRole('heading', { name: 'Your product and LLM' }).waitFor();

    // Provider select with its default model; the key field goes away for ollama.
    const provider = page.getByLabel('LLM provider');
    expect(await provider.inputValue()).toBe('openai');
    await page.getByText('Default model: gpt-4o-mini').waitFor();
    await provider.selectOption('ollama');
    await page.getByText('Default model: llama3.1').waitFor();
    expect(await page.getByLabel('LLM API key').count()).toBe(0);
    await provider.selectOption('openai');

    // A refused save names its fields and writes nothing.
    await page.getByLabel('Product name').fill('Acme CLI');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('Nothing was saved: fix the fields marked below.').waitFor();
    await expect
      .poll(() => page.getByLabel('Discovery keywords (comma-separated)').getAttribute('aria-invalid'))
      .toBe('true');
    expect(existsSync(world.home.configPath)).toBe(false);

    await page.getByLabel('Discovery keywords (comma-separated)').fill('rust cli, terminal tools');
    await page.getByLabel('LLM API key').fill(LLM_KEY);
    await page.getByLabel('Platform OAuth 2.0 client id').fill('test-client');
    await page.getByText('Advanced steps (optional)').click();
    await page.getByLabel('Endpoint URL (empty = provider default)').fill(world.llm.openaiBaseUrl);
    await page.getByLabel('Brand voice and personality (empty to skip)').fill('dry and exact');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByRole('heading', { name: 'Connect your platform account' }).waitFor();

    // The file, as `app init --advanced` writes it: 0600, the answers, approval mode on.
    expect(statSync(world.home.configPath).mode & 0o777).toBe(0o600);
    const text = readFileSync(world.home.configPath, 'utf8');
    expect(text).toContain('Created by `app init --advanced`');
    expect(parse(text)).toMatchObject({
      approval_mode: true,
      business: {
        product_name: 'Acme CLI',
        product_keywords: ['rust cli', 'terminal tools'],
        brand_voice: 'dry and exact',
      },
      llm: { provider: 'openai', api_key: LLM_KEY, base_url: world.llm.openaiBaseUrl },
      social_api: { client_id: 'test-client' },
    });

    // Connect account with the popup blocked: a link continues in this tab, and the callback page leads
    // back to the wizard, which resumes at this step with the account connected.
    const tokensPath = `${world.home.dir}/tokens.json`;
    await page.evaluate('window.open = () => null');
    await page.getByRole('button', { name: 'Connect account' }).click();
    await page.getByRole('link', { name: 'Continue signing in in this tab' }).click();
    await page.getByRole('heading', { name: 'Platform account connected' }).waitFor();
    const sameTab = JSON.parse(readFileSync(tokensPath, 'utf8'));
    await page.getByRole('link', { name: 'Back to the dashboard' }).click();
    await page.getByRole('heading', { name: 'Connect your platform account' }).waitFor();
    await page.getByText(`Connected as @${sameTab.username}`).waitFor();

    // And in a popup (window.open is the browser's again after the navigation): the callback stores the
    // new tokens and tells this window.
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Connect another account' }).click();
    await (await popup).waitForEvent('close');
    const tokens = JSON.parse(readFileSync(tokensPath, 'utf8'));
    expect(tokens.access_token).not.toBe(sameTab.access_token);
    expect(statSync(tokensPath).mode & 0o777).toBe(0o600);
    expect(world.fake.state.auth.tokens.get(tokens.access_token)).toMatchObject({
      clientId: 'test-client',
      userId: DEFAULT_USER_ID,
    });
    await page
      .getByRole('status')
      .filter({ hasText: `Connected as @${tokens.username}.` })
      .waitFor();
    const login = (await (await firstRunCall(world, 'GET', '/api/auth/platform/status')).json()) as {
      linked: boolean;
      user_id: string;
    };
    expect(login).toMatchObject({ linked: true, user_id: DEFAULT_USER_ID });
    await page.getByRole('button', { name: 'Continue' }).click();

    // Test the LLM: one generation at the fake LLM with the key the wizard saved.
    await page.getByRole('heading', { name: 'Test the LLM' }).waitFor();
    const calls = world.llm.calls.length;
    await page.getByRole('button', { name: 'Test the LLM' }).click();
    await page.getByRole('status').filter({ hasText: 'The LLM answered (openai, gpt-4o-mini)' }).waitFor();
    expect(world.llm.calls.slice(calls).map((c) => [c.apiKey, c.status])).toEqual([[LLM_KEY, 200]]);
    await page.getByRole('button', { name: 'Continue' }).click();

    // Draft Studio on a new server draft; the client id the platform client takes at start is named.
    await page.getByText(/Restart the service .* it applies social_api\.client_id at start/).waitFor();
    await page.getByRole('button', { name: 'Open Draft Studio' }).click();
    await page.getByRole('heading', { name: 'Draft Studio' }).waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('id')).toMatch(/^\d+$/);
    const id = new URL(page.url()).searchParams.get('id');
    expect((await firstRunCall(world, 'GET', `/api/content/drafts/${id}`)).status).toBe(200);

    // Configured now: the wizard is never shown again, even in a new session.
    const later = await world.browser.context.newPage();
    await later.goto(`${world.server.url}/welcome`);
    await expect.poll(() => new URL(later.url()).pathname).toBe('/');
    await later.close();
    await page.close();
  });
});
