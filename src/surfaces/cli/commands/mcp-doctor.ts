// `app mcp doctor`: starts the tool server exactly as a client registered by `app mcp setup` will (the same
// command, arguments and environment, over stdio), lists its tools, calls health_check and get_capabilities,
// and reports on one screen what is wrong — config, LLM, platform login, missing scopes — with what to do.
// Exit 1 when the server does not start or something needed is missing.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { mcpServerLaunch } from '../../../app/installation.js';
import type { ToolProfile } from '../../../contracts/tools/tool-binding.js';
import { CliError, type CommandContext, println } from '../cli-io.js';
import { commandInput } from '../load-for-command.js';

interface Status {
  status: string;
  message: string;
}

interface Health {
  healthy: boolean;
  database: Status;
  llm: Status;
  social: Status;
}

interface Capabilities {
  scope_analysis?: { missing: string[] };
}

const mark = (ok: boolean) => (ok ? 'ok  ' : 'FAIL');

/** The envelope's data of a tool answer (the JSON text the server sends). */
function dataOf<T>(result: unknown): T | undefined {
  const content = (result as { content?: Array<{ type: string; text?: string }> }).content ?? [];
  const text = content.find((c) => c.type === 'text')?.text;
  if (!text) return undefined;
  const envelope = JSON.parse(text) as { success: boolean; data: T };
  return envelope.success ? envelope.data : undefined;
}

export async function runMcpDoctor(ctx: CommandContext, options: { profile?: ToolProfile }): Promise<void> {
  const profile = options.profile ?? 'write';
  const launch = mcpServerLaunch(commandInput(ctx), profile);
  const out = ctx.io.stdout;
  println(out, `starting: ${[launch.command, ...launch.args].join(' ')}`);
  // The environment a client gives it: its own (PATH, HOME) plus what the registration sets.
  const env = { ...ctx.io.env, ...launch.env } as Record<string, string>;
  const transport = new StdioClientTransport({
    command: launch.command,
    args: launch.args,
    env,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: 'app-mcp-doctor', version: '1.0.0' });
  const started = Date.now();
  try {
    await client.connect(transport);
  } catch (error) {
    println(out, `${mark(false)} server: did not start (${(error as Error).message})`);
    if (stderr.trim()) println(out, stderr.trim());
    throw new CliError('the tool server did not start', 1);
  }
  const problems: string[] = [];
  try {
    const { tools } = await client.listTools();
    println(
      out,
      `${mark(tools.length > 0)} server: answered in ${Date.now() - started} ms, ${tools.length} tools (profile ${profile})`,
    );
    const health = dataOf<Health>(await client.callTool({ name: 'health_check', arguments: {} }));
    if (!health) {
      problems.push('health_check did not answer');
    } else {
      for (const [name, part] of [
        ['database', health.database],
        ['llm', health.llm],
        ['platform login', health.social],
      ] as const) {
        const ok = part.status === 'ok';
        println(out, `${mark(ok)} ${name}: ${part.message}`);
        if (!ok) problems.push(`${name}: ${part.message}`);
      }
    }
    if (!tools.some((tool) => tool.name === 'get_capabilities')) {
      println(out, `--   scopes: not checked (get_capabilities is not in the ${profile} profile)`);
    } else {
      const capabilities = dataOf<Capabilities>(
        await client.callTool({ name: 'get_capabilities', arguments: {} }),
      );
      const missing = capabilities?.scope_analysis?.missing ?? [];
      println(
        out,
        `${mark(missing.length === 0)} scopes: ${missing.length === 0 ? 'every scope the tools use is granted' : `missing ${missing.join(', ')}: run \`app auth\` again to grant them`}`,
      );
      if (missing.length > 0) problems.push(`missing scopes: ${missing.join(', ')}`);
    }
  } finally {
    await client.close();
  }
  if (problems.length > 0) throw new CliError(`${problems.length} problem(s): ${problems.join('; ')}`, 1);
  println(out, 'all good: an agent registered with `app mcp setup` gets these tools.');
}
