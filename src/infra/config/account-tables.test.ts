import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors.js';
import {
  addAccountTable,
  removeAccountTable,
  renameAccountTable,
  setAccountDisplayName,
  setDefaultAccountName,
} from './account-tables.js';

const ORIGINAL = `# My settings, hand-tuned
mode = "autopilot" # switch to composer on weekends

[limits]
max_replies_per_day = 5

# the client we run for Acme
[accounts.acme]
display_name = "Acme Inc."   # shown in the switcher

[accounts.acme.limits]
max_replies_per_day = 2

[[accounts.acme.content_sources.sources]]
path = "~/acme-notes"

# the side project
[accounts.side]
mode = "composer"
`;

describe('addAccountTable', () => {
  it('appends the table and its display name, every other byte kept', () => {
    const added = addAccountTable(ORIGINAL, 'client-2', 'Client Two');
    expect(added).toBe(`${ORIGINAL}\n[accounts.client-2]\ndisplay_name = "Client Two"\n`);
    expect((parse(added) as { accounts: Record<string, unknown> }).accounts['client-2']).toEqual({
      display_name: 'Client Two',
    });
  });

  it('writes a bare table without a display name, and a first file from nothing', () => {
    expect(addAccountTable('', 'acme')).toBe('[accounts.acme]\n');
    expect(addAccountTable('mode = "composer"', 'acme')).toBe('mode = "composer"\n\n[accounts.acme]\n');
  });

  it('refuses a layout it cannot extend (an inline accounts table) instead of breaking the file', () => {
    const inline = 'accounts = { acme = { display_name = "A" } }\n';
    expect(() => addAccountTable(inline, 'side')).toThrow(AppError);
    expect(() => addAccountTable(inline, 'side')).toThrow(/edit config.toml by hand/);
  });
});

describe('renameAccountTable', () => {
  it('renames the table and its sub-tables, and keeps their comments', () => {
    const renamed = renameAccountTable(ORIGINAL, 'acme', 'acme-corp');
    expect(renamed).toBe(
      ORIGINAL.replace('[accounts.acme]', '[accounts.acme-corp]')
        .replace('[accounts.acme.limits]', '[accounts.acme-corp.limits]')
        .replace('[[accounts.acme.content_sources', '[[accounts.acme-corp.content_sources'),
    );
  });

  it('renames dotted keys under [accounts] and quoted names as written', () => {
    const text = '[accounts]\nacme.display_name = "A"  # hi\n\n[accounts."side"]\nmode = "composer"\n';
    expect(renameAccountTable(text, 'acme', 'acme2')).toBe(
      '[accounts]\nacme2.display_name = "A"  # hi\n\n[accounts."side"]\nmode = "composer"\n',
    );
    expect(renameAccountTable(text, 'side', 'side2')).toBe(
      '[accounts]\nacme.display_name = "A"  # hi\n\n[accounts.side2]\nmode = "composer"\n',
    );
  });

  it('refuses an inline table', () => {
    expect(() => renameAccountTable('accounts = { acme = {} }\n', 'acme', 'b')).toThrow(/by hand/);
  });
});

describe('removeAccountTable', () => {
  it('removes the table, its sub-tables and the comment that introduced it, nothing else', () => {
    expect(removeAccountTable(ORIGINAL, 'acme')).toBe(`# My settings, hand-tuned
mode = "autopilot" # switch to composer on weekends

[limits]
max_replies_per_day = 5

# the side project
[accounts.side]
mode = "composer"
`);
    expect(removeAccountTable(ORIGINAL, 'side')).toBe(
      ORIGINAL.replace('\n# the side project\n[accounts.side]\nmode = "composer"\n', ''),
    );
  });

  it('undoes an add byte for byte', () => {
    for (const text of [ORIGINAL, 'mode = "composer"\n', ''])
      expect(removeAccountTable(addAccountTable(text, 'new', 'New'), 'new')).toBe(text);
  });

  it('removes keys written under [accounts], inline tables included', () => {
    const text = '[accounts]\nacme = { display_name = "A" }\nside.mode = "composer"\n';
    expect(removeAccountTable(text, 'acme')).toBe('[accounts]\nside.mode = "composer"\n');
    expect(removeAccountTable(text, 'side')).toBe('[accounts]\nacme = { display_name = "A" }\n');
  });
});

describe('display name and the default account name', () => {
  it('sets and removes display_name inside the table', () => {
    const set = setAccountDisplayName(ORIGINAL, 'side', 'Side');
    expect(set).toContain('[accounts.side]\nmode = "composer"\ndisplay_name = "Side"\n');
    expect(setAccountDisplayName(set, 'side', null)).toBe(ORIGINAL);
  });

  it('names the default account with default_account, and unsets it for `default`', () => {
    const named = setDefaultAccountName(ORIGINAL, 'personal', 'default');
    expect((parse(named) as { default_account: string }).default_account).toBe('personal');
    expect(setDefaultAccountName(named, 'default', 'default')).toBe(ORIGINAL);
  });
});
