// `app accounts list|add|rename|default|remove`: the service's accounts, through the same core functions as
// /api/accounts. Removal asks on a terminal; without one it needs --yes.
import { type AccountCommands, openAccountCommands } from '../../../app/accounts.js';
import type { AccountSummary } from '../../../contracts/accounts.js';
import { CliError, type CommandContext, EXIT_FAILURE, EXIT_USAGE, println } from '../cli-io.js';
import { loadForCommand } from '../load-for-command.js';
import { promptFor } from '../prompter.js';

interface Json {
  json?: boolean;
}

async function withAccounts<T>(ctx: CommandContext, run: (accounts: AccountCommands) => Promise<T> | T) {
  const { load, data } = loadForCommand(ctx, { quiet: true });
  const accounts = await openAccountCommands(load, data);
  try {
    return await run(accounts);
  } finally {
    await accounts.close();
  }
}

function print(ctx: CommandContext, options: Json, text: string, json: unknown): void {
  println(ctx.io.stdout, options.json ? JSON.stringify(json, null, 2) : text);
}

function loginText(account: AccountSummary): string {
  const { login } = account;
  if (login.state === 'missing') return 'not logged in';
  if (login.state === 'invalid') return 'tokens file unreadable';
  return `${login.username ? `@${login.username}` : (login.user_id ?? '?')} (${login.state})`;
}

/** The accounts as an aligned table: name, display name, status, login, overrides. */
function table(accounts: readonly AccountSummary[]): string {
  const rows = [
    ['NAME', 'DISPLAY NAME', 'STATUS', 'LOGIN', 'OVERRIDES'],
    ...accounts.map((a) => [
      a.default ? `${a.name} (default)` : a.name,
      a.display_name,
      a.status,
      loginText(a),
      a.overrides.length > 0 ? a.overrides.join(', ') : '-',
    ]),
  ];
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length))) ?? [];
  return rows
    .map((row) =>
      row
        .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export async function runAccountsList(ctx: CommandContext, options: Json): Promise<void> {
  await withAccounts(ctx, async (accounts) => {
    const list = await accounts.list();
    print(ctx, options, table(list.accounts), list);
  });
}

export async function runAccountsAdd(
  ctx: CommandContext,
  name: string,
  options: Json & { displayName?: string },
): Promise<void> {
  await withAccounts(ctx, async (accounts) => {
    const result = await accounts.add({
      name,
      ...(options.displayName === undefined ? {} : { display_name: options.displayName }),
    });
    print(ctx, options, result.message, result);
  });
}

export async function runAccountsRename(
  ctx: CommandContext,
  from: string,
  to: string,
  options: Json,
): Promise<void> {
  await withAccounts(ctx, async (accounts) => {
    const result = await accounts.rename({ name: from, new_name: to });
    print(ctx, options, result.message, result);
  });
}

export async function runAccountsDefault(ctx: CommandContext, name: string, options: Json): Promise<void> {
  await withAccounts(ctx, async (accounts) => {
    const result = await accounts.makeDefault({ name });
    print(ctx, options, result.message, result);
  });
}

export async function runAccountsRemove(
  ctx: CommandContext,
  name: string,
  options: Json & { purge?: boolean; yes?: boolean },
): Promise<void> {
  await withAccounts(ctx, async (accounts) => {
    const purge = options.purge === true;
    const found = (await accounts.list()).accounts.find((account) => account.name === name);
    // What the core refuses anyway (unknown, the default account) is refused before anything is asked.
    if (found && !found.default && !options.yes) await confirm(ctx, name, purge);
    const result = await accounts.remove({ name, confirm: name, purge });
    print(ctx, options, result.message, result);
  });
}

async function confirm(ctx: CommandContext, name: string, purge: boolean): Promise<void> {
  const prompter = await promptFor(ctx.io);
  if (!prompter)
    throw new CliError(
      `removing '${name}' needs confirmation and there is no terminal to ask on: pass --yes`,
      EXIT_USAGE,
    );
  const what = purge
    ? `Remove account '${name}' and delete all its data for good?`
    : `Remove account '${name}'? Its login is revoked; its data is kept until --purge.`;
  if (!(await prompter.confirm({ message: what, initial: false })))
    throw new CliError('cancelled: nothing was removed', EXIT_FAILURE);
}
