// Runs the CLI in-process (fast, with an injected prompter) or as the real `app` executable.
import { spawnSync } from 'node:child_process';
import type { Prompter } from '../../src/surfaces/cli/prompter.js';
import { runCli } from '../../src/surfaces/cli/run-cli.js';

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runApp(
  args: string[],
  options: { env: Record<string, string>; prompter?: Prompter },
): Promise<RunResult> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: options.env,
    interactive: Boolean(options.prompter),
    prompter: options.prompter,
  });
  return { code, stdout, stderr };
}

const BIN = new URL('../../bin/app.js', import.meta.url).pathname;

/** The built executable with no TTY, as CI and scripts run it (in `cwd`, default this process's). */
export function spawnApp(args: string[], env: Record<string, string>, cwd?: string): RunResult {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 20_000,
  });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}
