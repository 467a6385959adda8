// `app mcp setup`: walks an agent user through what the tool server needs (a config, a platform login, a
// profile) and prints the registration for common MCP clients, over stdio and over HTTP (URL and token).
// On a terminal it offers to run `app init` and `app auth`; without one it reports and prints.
import { locateConfig } from '../../../app/config-file.js';
import { type Launch, mcpServerLaunch } from '../../../app/installation.js';
import { ensureMcpToken } from '../../../app/mcp-token.js';
import { accountPathsOf, savedLogin } from '../../../app/platform-login.js';
import type { ToolProfile } from '../../../contracts/tools/tool-binding.js';
import { missingQuickstartFields } from '../../../core/domain/config-rules.js';
import { endpointUrl } from '../../mcp/http-server.js';
import { type CommandContext, println } from '../cli-io.js';
import { commandInput, loadForCommand } from '../load-for-command.js';
import { type Prompter, promptFor } from '../prompter.js';

export const MCP_CLIENTS = ['claude-desktop', 'claude-code', 'cursor', 'vscode', 'codex'] as const;
export type McpClient = (typeof MCP_CLIENTS)[number];

export interface SetupOptions {
  profile?: ToolProfile;
  client?: McpClient | 'all';
  nonInteractive?: boolean;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);
/** Single-quotes a word for a POSIX shell when it holds anything beyond plain path characters. */
const shellWord = (word: string) =>
  /^[\w./:=@+-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
const withEnv = (launch: Launch) => (Object.keys(launch.env).length ? { env: launch.env } : {});

/** The registration snippet for one client: where it goes and what to paste or run. */
export function clientSnippet(client: McpClient, launch: Launch): { where: string; text: string } {
  const server = { command: launch.command, args: launch.args, ...withEnv(launch) };
  switch (client) {
    case 'claude-desktop':
      return {
        where: 'claude_desktop_config.json (Settings → Developer → Edit Config)',
        text: json({ mcpServers: { app: server } }),
      };
    case 'claude-code': {
      const envFlags = Object.entries(launch.env).map(([k, v]) => `-e ${shellWord(`${k}=${v}`)} `);
      const words = [launch.command, ...launch.args].map(shellWord).join(' ');
      return { where: 'a shell', text: `claude mcp add app ${envFlags.join('')}-- ${words}` };
    }
    case 'cursor':
      return {
        where: '.cursor/mcp.json (project) or ~/.cursor/mcp.json',
        text: json({ mcpServers: { app: server } }),
      };
    case 'vscode':
      return {
        where: '.vscode/mcp.json',
        text: json({ servers: { app: { type: 'stdio', ...server } } }),
      };
    case 'codex': {
      const env = Object.entries(launch.env).map(([k, v]) => `${k} = ${JSON.stringify(v)}`);
      return {
        where: '~/.codex/config.toml',
        text: [
          '[mcp_servers.app]',
          `command = ${JSON.stringify(launch.command)}`,
          `args = ${JSON.stringify(launch.args)}`,
          ...(env.length ? [`env = { ${env.join(', ')} }`] : []),
        ].join('\n'),
      };
    }
  }
}

/** The HTTP registration for one client: the endpoint URL and the bearer header, in its own format. */
export function httpClientSnippet(
  client: McpClient,
  url: string,
  token: string,
): { where: string; text: string } {
  const headers = { Authorization: `Bearer ${token}` };
  switch (client) {
    case 'claude-desktop':
      // Claude Desktop launches stdio servers only: the SDK's mcp-remote style bridge is not ours to ship.
      return { where: 'claude_desktop_config.json', text: '(stdio only: use the stdio snippet above)' };
    case 'claude-code':
      return {
        where: 'a shell',
        text: `claude mcp add --transport http app ${shellWord(url)} --header ${shellWord(`Authorization: Bearer ${token}`)}`,
      };
    case 'cursor':
      return {
        where: '.cursor/mcp.json or ~/.cursor/mcp.json',
        text: json({ mcpServers: { app: { url, headers } } }),
      };
    case 'vscode':
      return { where: '.vscode/mcp.json', text: json({ servers: { app: { type: 'http', url, headers } } }) };
    case 'codex':
      return {
        where: '~/.codex/config.toml',
        text: [
          '[mcp_servers.app]',
          `url = ${JSON.stringify(url)}`,
          `http_headers = { Authorization = ${JSON.stringify(headers.Authorization)} }`,
        ].join('\n'),
      };
  }
}

async function ensureConfig(ctx: CommandContext, prompter: Prompter | undefined): Promise<boolean> {
  const paths = locateConfig(commandInput(ctx));
  if (paths.exists) {
    println(ctx.io.stdout, `config: ${paths.configPath}`);
    return true;
  }
  if (
    prompter &&
    (await prompter.confirm({ message: `No config at ${paths.configPath}. Create one now?`, initial: true }))
  ) {
    const { runInit } = await import('./init.js');
    await runInit(ctx, {});
    return true;
  }
  println(
    ctx.io.stdout,
    `config: none at ${paths.configPath}; run \`app init\`, or configure the server with APP_* environment variables only`,
  );
  return false;
}

export async function runMcpSetup(ctx: CommandContext, options: SetupOptions): Promise<void> {
  const prompter = options.nonInteractive ? undefined : await promptFor(ctx.io);
  prompter?.intro('app mcp setup');
  await ensureConfig(ctx, prompter);

  const { config, data: service } = loadForCommand(ctx, { quiet: true });
  // The default account's login and tool-server token (not always the data directory's: app accounts default).
  const { paths: data } = await accountPathsOf(config, service);
  const missing = missingQuickstartFields(config);
  println(
    ctx.io.stdout,
    missing.length === 0
      ? 'quickstart fields: complete'
      : `quickstart fields missing: ${missing.join(', ')} (\`app settings\` or APP_* variables)`,
  );

  if (config.social_api.provider_backend === 'scraper') {
    println(
      ctx.io.stdout,
      'platform login: not needed (scraper backend, read-only unless scraper_allow_mutations)',
    );
  } else {
    const login = savedLogin(data);
    if (login) {
      println(ctx.io.stdout, `platform login: ok (until ${login.expiresAt})`);
    } else if (
      prompter &&
      config.social_api.client_id &&
      (await prompter.confirm({ message: 'No platform login yet. Run `app auth` now?', initial: true }))
    ) {
      const { runAuth } = await import('./auth.js');
      await runAuth(ctx, { browser: true, format: 'text' });
    } else {
      println(
        ctx.io.stdout,
        'platform login: none; run `app auth` (tools answer social_not_configured until then)',
      );
    }
  }

  const profile =
    options.profile ??
    (prompter
      ? await prompter.select<ToolProfile>({
          message: 'Tool profile for the agent',
          initial: 'write',
          options: [
            {
              value: 'write',
              hint: '112 tools: reads, posting, engagement, DMs, analytics, approvals (default)',
            },
            { value: 'readonly', hint: '14 tools: no mutation at all' },
            { value: 'api-readonly', hint: '45 tools: platform and DM reads, utility' },
            { value: 'admin', hint: '139 tools: write plus ads, compliance, stream rules, raw requests' },
          ],
        })
      : 'write');
  const launch = mcpServerLaunch(commandInput(ctx), profile);
  const clients = !options.client || options.client === 'all' ? MCP_CLIENTS : [options.client];
  println(ctx.io.stdout);
  println(ctx.io.stdout, `Register the tool server (profile ${profile}) with your agent:`);
  for (const client of clients) {
    const snippet = clientSnippet(client, launch);
    println(ctx.io.stdout);
    println(ctx.io.stdout, `# ${client}: ${snippet.where}`);
    println(ctx.io.stdout, snippet.text);
  }
  const url = endpointUrl('127.0.0.1', config.mcp.http_port);
  const token = ensureMcpToken(data);
  const serve = [launch.command, ...launch.args].map(shellWord).join(' ');
  println(ctx.io.stdout);
  println(
    ctx.io.stdout,
    `Or over streamable HTTP: start \`${serve} --transport http\` (or \`app serve\` with [mcp] http_enabled = true: ${endpointUrl(config.server.host, config.server.port)}), then register:`,
  );
  println(ctx.io.stdout, `url: ${url}`);
  println(ctx.io.stdout, `token (${data.mcpTokenPath}): ${token}`);
  for (const client of clients) {
    const snippet = httpClientSnippet(client, url, token);
    println(ctx.io.stdout);
    println(ctx.io.stdout, `# ${client} (HTTP): ${snippet.where}`);
    println(ctx.io.stdout, snippet.text);
  }
  println(ctx.io.stdout);
  println(ctx.io.stdout, `Check it with \`app mcp manifest --profile ${profile} --format table\`.`);
  prompter?.outro('Done');
}
