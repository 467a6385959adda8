// `app auth`: logs in to the platform with OAuth 2.0 PKCE and saves the tokens (0600) in the data dir.
import { spawn } from 'node:child_process';
import { loginToPlatform } from '../../../app/platform-login.js';
import { accountNames } from '../../../core/domain/account-settings.js';
import { ELEVATED_SCOPES, REQUESTED_SCOPES } from '../../../core/domain/scopes.js';
import { CliError, type CommandContext, EXIT_USAGE, println } from '../cli-io.js';
import { loadForCommand } from '../load-for-command.js';
import { promptFor } from '../prompter.js';

export interface AuthOptions {
  browser: boolean;
  manual?: boolean;
  host?: string;
  port?: string;
  extraScopes?: string;
  format: 'text' | 'json';
  /** A further account of the config: its login (default: the default account's). */
  account?: string;
}

function openInBrowser(url: string): void {
  const command =
    process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  try {
    const child = spawn(command, [url], { stdio: 'ignore', detached: true });
    child.on('error', () => {}); // no browser here: the printed URL is the way
    child.unref();
  } catch {
    // Same: the URL is printed.
  }
}

export async function runAuth(ctx: CommandContext, options: AuthOptions): Promise<void> {
  const flags = [
    ...(options.host === undefined
      ? []
      : [{ key: 'auth.callback_host', text: options.host, flag: '--host' }]),
    ...(options.port === undefined
      ? []
      : [{ key: 'auth.callback_port', text: options.port, flag: '--port' }]),
    ...(options.manual ? [{ key: 'auth.mode', text: 'manual', flag: '--manual' }] : []),
  ];
  const { config, data } = loadForCommand(ctx, { flags });
  const accounts = accountNames(config);
  if (options.account !== undefined && !accounts.includes(options.account))
    throw new CliError(
      `--account: no account named '${options.account}'; the accounts are ${accounts.join(', ')}`,
      EXIT_USAGE,
    );
  const extra = (options.extraScopes ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = extra.filter((s) => !ELEVATED_SCOPES.includes(s) && !REQUESTED_SCOPES.includes(s));
  if (unknown.length > 0) {
    throw new CliError(
      `unknown scope(s) ${unknown.join(', ')}; extra scopes are ${ELEVATED_SCOPES.join(', ')}`,
      EXIT_USAGE,
    );
  }
  const prompter = config.auth.mode === 'manual' ? await promptFor(ctx.io) : undefined;
  const result = await loginToPlatform(
    config,
    data,
    [...REQUESTED_SCOPES, ...extra],
    {
      print: (text) => println(options.format === 'json' ? ctx.io.stderr : ctx.io.stdout, text),
      openBrowser: options.browser ? openInBrowser : undefined,
      askRedirectUrl: prompter ? () => prompter.text({ message: 'Redirected URL' }) : undefined,
    },
    options.account,
  );
  const { tokensPath, ...login } = result;
  if (options.format === 'json') {
    println(ctx.io.stdout, JSON.stringify(login, null, 2));
    return;
  }
  println(
    ctx.io.stdout,
    `Logged in as @${result.username} (${result.userId}); token valid until ${result.expiresAt}.`,
  );
  println(ctx.io.stdout, `Tokens saved to ${tokensPath}.`);
  if (result.missing.length > 0) {
    println(
      ctx.io.stdout,
      `Not granted: ${result.missing.join(', ')}. Degraded: ${result.degraded.join(', ')}.`,
    );
  }
}
