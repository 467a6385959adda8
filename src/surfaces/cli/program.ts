// The `app` command tree. Each action imports its command module on demand so `app --help` starts fast.
import { Command, Option } from 'commander';
import type { CliIo, CommandContext, GlobalOptions } from './cli-io.js';

const collect = (value: string, previous: string[]) => [...previous, value];

export function buildProgram(io: CliIo, version: string): Command {
  const program = new Command('app')
    .description('Self-hosted content composer and automation service for one social-media account')
    .version(version, '-V, --version')
    .option('-c, --config <path>', 'config file (default ~/.app/config.toml, or $APP_HOME/config.toml)')
    .option('-O, --option <key=value>', 'override a config value for this run (repeatable)', collect, [])
    .showHelpAfterError('(run `app --help` for usage)')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) });

  const context = (): CommandContext => ({ io, global: program.opts<GlobalOptions>() });
  const format = () =>
    new Option('--format <format>', 'output format').choices(['text', 'json']).default('text');

  program
    .command('init')
    .description('Create a config: 5 quickstart questions, or the 8-step wizard with --advanced')
    .option('--advanced', 'full 8-step wizard')
    .option('--non-interactive', 'never prompt; fail (exit 2) naming what is missing')
    .option('--force', 'overwrite an existing config (the old one is kept as config.toml.bak)')
    .option('--product-name <name>', 'business.product_name')
    .option('--product-keywords <list>', 'business.product_keywords (comma-separated)')
    .option('--llm-provider <provider>', 'llm.provider: openai, anthropic or ollama')
    .option('--llm-api-key <key>', 'llm.api_key (not needed for ollama)')
    .option('--client-id <id>', 'social_api.client_id')
    .action(async (opts) => (await import('./commands/init.js')).runInit(context(), opts));

  const settings = program
    .command('settings')
    .description('Edit settings interactively, or --show them, or --set key=value')
    .option('--show', 'read-only view of the effective config (secrets masked)')
    .addOption(format())
    .option('--set <key=value>', 'change a value in the config file (repeatable)', collect, [])
    .option('--unset <key>', 'remove a value from the config file (repeatable)', collect, [])
    .option('--account <name>', 'a further account: show its settings, or set and unset its own keys')
    .action(async (opts) => (await import('./commands/settings.js')).runSettings(context(), opts));
  settings
    .command('enrich')
    .description('Progressive enrichment: Voice, then Persona, then Targeting')
    .action(async () => (await import('./commands/settings-enrich.js')).runEnrich(context()));

  const accounts = program
    .command('accounts')
    .description(
      'The service’s accounts: list, add, rename, default, remove (each one a table of config.toml)',
    );
  const accountsCommand = () => import('./commands/accounts.js');
  accounts
    .command('list')
    .description('Every account: name, display name, default, status, login and the settings it overrides')
    .option('--json', 'output JSON')
    .action(async (opts) => (await accountsCommand()).runAccountsList(context(), opts));
  accounts
    .command('add <name>')
    .description(
      'Add an [accounts.<name>] table to config.toml (a running service starts it after a restart)',
    )
    .option('--display-name <text>', 'how the dashboard and the CLI show it')
    .option('--json', 'output JSON')
    .action(async (name, opts) => (await accountsCommand()).runAccountsAdd(context(), name, opts));
  accounts
    .command('rename <old> <new>')
    .description('Rename an account (the default one too); its data and login stay with it')
    .option('--json', 'output JSON')
    .action(async (from, to, opts) => (await accountsCommand()).runAccountsRename(context(), from, to, opts));
  accounts
    .command('default <name>')
    .description(
      'Make an account the default one (what names no account acts on); every account keeps its settings, data and login',
    )
    .option('--json', 'output JSON')
    .action(async (name, opts) => (await accountsCommand()).runAccountsDefault(context(), name, opts));
  accounts
    .command('remove <name>')
    .description(
      'Remove an account: its login is revoked and its tokens deleted; its data is kept unless --purge',
    )
    .option('--purge', 'also delete every row of its data')
    .option('--yes', 'do not ask for confirmation (needed without a terminal)')
    .option('--json', 'output JSON')
    .action(async (name, opts) => (await accountsCommand()).runAccountsRemove(context(), name, opts));

  program
    .command('test')
    .description(
      'Diagnostics: config, database, LLM and platform (both reached), tokens and scopes, enrichment',
    )
    .addOption(format())
    .option('--offline', 'do not contact the LLM or the platform')
    .option(
      '--account <name>',
      'check this account: its settings, login and notes (default: the default account)',
    )
    .action(async (opts) => (await import('./commands/diagnose.js')).runDiagnose(context(), opts));

  program
    .command('auth')
    .description('Log in to the platform with OAuth 2.0 PKCE and save the tokens')
    .option('--no-browser', 'print the authorization URL instead of opening a browser')
    .option('--manual', 'paste the redirected URL instead of listening for it (auth.mode = manual)')
    .option('--host <host>', 'callback listener host (auth.callback_host)')
    .option('--port <port>', 'callback listener port (auth.callback_port)')
    .option('--extra-scopes <list>', 'also request elevated scopes, e.g. compliance.write,usage.read')
    .option('--account <name>', 'log in a further account of the config (default: the default account)')
    .addOption(format())
    .action(async (opts) => (await import('./commands/auth.js')).runAuth(context(), opts));

  program
    .command('passphrase')
    .description('Set the dashboard passphrase (generated and printed once, or --choose your own)')
    .option('--choose', 'type your own passphrase instead of a generated one')
    .action(async (opts) => (await import('./commands/passphrase.js')).runPassphrase(context(), opts));

  program
    .command('backup')
    .description('Back up the SQLite database (online, while the service runs)')
    .option('--output-dir <dir>', 'where to write the backup (default <data dir>/backups)')
    .option('--list', 'list existing backups')
    .option('--prune <n>', 'keep only the newest N backups')
    .addOption(format())
    .action(async (opts) => (await import('./commands/backup.js')).runBackup(context(), opts));

  const storage = program
    .command('storage')
    .description('The service’s database: migrate it from SQLite into Postgres');
  storage
    .command('migrate')
    .description(
      'Copy the SQLite database into an empty Postgres database, verified by per-table row counts and checksums',
    )
    .requiredOption(
      '--to <url>',
      'the target database, postgres://user:password@host:port/db (must be empty)',
    )
    .option('--json', 'output JSON')
    .action(async (opts) => (await import('./commands/storage.js')).runStorageMigrate(context(), opts));

  program
    .command('update')
    .description('Detect config sections added since your config was written and offer commented scaffolds')
    .option('--check', 'only report what is missing')
    .option('--yes', 'append every missing scaffold without asking')
    .action(async (opts) => (await import('./commands/update.js')).runUpdate(context(), opts));

  program
    .command('serve')
    .description('Run the HTTP server (API and dashboard) and the background loops')
    .option('--host <host>', 'bind address (server.host)')
    .option('--port <port>', 'port (server.port)')
    .option(
      '--no-loops',
      'serve the API and dashboard only: scheduled posts still go out, but discovery, mentions and analytics do not run',
    )
    .option(
      '--no-workers',
      'serve the API and dashboard only, with no background work at all: `app worker` processes on the same database do it',
    )
    .action(async (opts) => (await import('./commands/serve.js')).runServe(context(), opts));

  program
    .command('worker')
    .description(
      'Run the background work (posting, the loops, token refresh) without the HTTP server; on Postgres any number of workers share it',
    )
    .option('--concurrency <n>', 'turns this process takes at once on Postgres (1-64, default 4)')
    .action(async (opts) => (await import('./commands/worker.js')).runWorker(context(), opts));

  program
    .command('status')
    .description('How the running service and its loops are doing (asks `app serve`)')
    .addOption(format())
    .action(async (opts) => (await import('./commands/status.js')).runStatus(context(), opts));

  program
    .command('simulate')
    .description(
      'Run autopilot on a simulated clock with your config, on a copy of your database, against a built-in fake platform',
    )
    .option('--days <n>', 'days to simulate (1-31)', '7')
    .option('--seed <n>', 'seed: the same seed gives the same output', '1')
    .option('--faults', 'inject rate limits, server errors, dropped connections and an expired token')
    .option('--start <date>', 'first simulated day (ISO date; default 2026-01-05)')
    .option('--llm', 'use the configured LLM instead of the stand-in writer (output then varies)')
    .option('--budget <usd>', 'run under this monthly API budget ([limits] monthly_api_budget_usd)')
    .option(
      '--accounts <n>',
      "run this many accounts: the config's, then simulated ones with settings of their own (at most 5)",
    )
    .addOption(format())
    .action(async (opts) => (await import('./commands/simulate.js')).runSimulate(context(), opts));

  const mcp = program.command('mcp').description('Agent tool server');
  const profile = () =>
    new Option('--profile <profile>', 'tool profile').choices(['write', 'admin', 'readonly', 'api-readonly']);
  mcp
    .command('serve')
    .description(
      'Start the tool server over stdio, or streamable HTTP at /mcp (environment variables alone are enough)',
    )
    .addOption(profile())
    .addOption(
      new Option('--transport <transport>', 'stdio or http').choices(['stdio', 'http']).default('stdio'),
    )
    .addOption(
      new Option('--expose <exposure>', 'full tool list, or compact: find/describe/call meta tools')
        .choices(['full', 'compact'])
        .default('full'),
    )
    .option('--host <host>', 'HTTP: address to bind (default 127.0.0.1)')
    .option('--port <port>', 'HTTP: port (default [mcp] http_port, 3002)')
    .option('--account <name>', 'the account the tools act on (default: the default account)')
    .action(async (opts) => (await import('./commands/mcp.js')).runMcpServe(context(), opts));
  mcp
    .command('manifest')
    .description('List the tools of a profile: name, category, mutation, needs, profiles, error codes')
    .addOption(profile().default('write'))
    .addOption(new Option('--format <format>', 'output format').choices(['json', 'table']).default('json'))
    .action(async (opts) => (await import('./commands/mcp.js')).runMcpManifest(context(), opts));
  mcp
    .command('setup')
    .description('Guided setup: config, platform login, profile, and the agent registration snippet')
    .addOption(profile())
    .addOption(
      new Option('--client <client>', 'print the snippet for one client').choices([
        'claude-desktop',
        'claude-code',
        'cursor',
        'vscode',
        'codex',
        'all',
      ]),
    )
    .option('--non-interactive', 'never prompt: report what is missing and print the snippets')
    .action(async (opts) => (await import('./commands/mcp-setup.js')).runMcpSetup(context(), opts));
  mcp
    .command('doctor')
    .description(
      'Start the tool server as a registered client will, list its tools, call health_check, report what is wrong',
    )
    .addOption(profile())
    .action(async (opts) => (await import('./commands/mcp-doctor.js')).runMcpDoctor(context(), opts));

  return program;
}
