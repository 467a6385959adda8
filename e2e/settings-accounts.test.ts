// Accounts in Settings (issue 27 item 2, "the same in Settings"): the list with each account's login and
// status; an account added with a name and a display name (written to config.toml, running after a
// restart), renamed, and removed after a confirmation (its table gone from the file, its data kept); a
// name against the rule is refused with the rule, and nothing is written.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startStudio } from './support/studio.js';

const studio = startStudio();
const configText = () => readFileSync(studio.home.configPath, 'utf8');

describe('accounts in Settings', () => {
  it('adds, renames and removes an account, and refuses a bad name', async () => {
    const { page } = studio;
    await page.goto(`${studio.server.url}/settings`);
    const section = page.getByRole('region', { name: 'Accounts' });
    const table = section.getByRole('table', { name: /accounts/ });
    await table.getByRole('rowheader', { name: /default · default/ }).waitFor();

    await section.getByRole('textbox', { name: 'New account name' }).fill('Bad Name');
    await section.getByRole('button', { name: 'Add account' }).click();
    await section
      .getByRole('alert')
      .getByText(/a lower-case letter/)
      .waitFor();
    expect(configText()).not.toContain('[accounts.');

    await section.getByRole('textbox', { name: 'New account name' }).fill('work');
    await section.getByRole('textbox', { name: 'Display name' }).fill('Work account');
    await section.getByRole('button', { name: 'Add account' }).click();
    const added = table.getByRole('row', { name: /Work account \(work\)/ });
    await added.getByText('runs after a restart').waitFor();
    await section.getByRole('status').waitFor();
    expect(configText()).toMatch(/\[accounts\.work\]\ndisplay_name = "Work account"/);

    await added.getByRole('button', { name: 'Rename work' }).click();
    await added.getByRole('textbox', { name: 'New name for work' }).fill('team');
    await added.getByRole('button', { name: 'Rename', exact: true }).click();
    const renamed = table.getByRole('row', { name: /Work account \(team\)/ });
    await renamed.waitFor();
    expect(configText()).toContain('[accounts.team]');
    expect(configText()).not.toContain('[accounts.work]');

    await renamed.getByRole('button', { name: 'Remove team' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Remove the account team?' });
    await dialog.getByRole('button', { name: 'Remove team' }).click();
    await table.getByRole('row', { name: /team/ }).getByText('removed (data kept)').waitFor();
    expect(configText()).not.toContain('[accounts.team]');
    const rows = await fetch(`${studio.server.url}/api/accounts`, {
      headers: { authorization: `Bearer ${studio.token}` },
    });
    const listed = (await rows.json()) as { accounts: Array<{ name: string; status: string }> };
    expect(listed.accounts.map((a) => [a.name, a.status])).toEqual([
      ['default', 'active'],
      ['team', 'removed'],
    ]);
  });

  it('makes another account the default after a confirmation; the table and the file say so', async () => {
    const { page } = studio;
    await page.goto(`${studio.server.url}/settings`);
    const section = page.getByRole('region', { name: 'Accounts' });
    const table = section.getByRole('table', { name: /accounts/ });
    const main = table.getByRole('row', { name: /default · default/ });
    await main.getByRole('button', { name: 'Rename default' }).click();
    await main.getByRole('textbox', { name: 'New name for default' }).fill('personal');
    await main.getByRole('button', { name: 'Rename', exact: true }).click();
    await table.getByRole('rowheader', { name: 'personal · default' }).waitFor();

    await section.getByRole('textbox', { name: 'New account name' }).fill('side');
    await section.getByRole('button', { name: 'Add account' }).click();
    const side = table.getByRole('row', { name: /^side/ });
    await side.getByRole('button', { name: 'Make side the default' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Make side the default account?' });
    await dialog.getByText(/every other account keeps exactly the settings it has now/).waitFor();
    await dialog.getByRole('button', { name: 'Make side the default' }).click();
    await table.getByRole('rowheader', { name: 'side · default' }).waitFor();
    await section
      .getByRole('status')
      .getByText(/'side' is the default account/)
      .waitFor();
    // The default first, then the former default, which may be made the default again.
    expect(await table.getByRole('rowheader').allTextContents()).toEqual([
      'side · default',
      'personal',
      'team',
    ]);
    await table
      .getByRole('row', { name: /^personal/ })
      .getByRole('button', { name: 'Make personal the default' })
      .waitFor();
    expect(configText()).toContain('default_account = "side"');
    expect(configText()).toContain('[accounts.personal]');
    expect(configText()).not.toContain('[accounts.side]');
  });
});
