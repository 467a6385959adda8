// This installation as people and other programs see it: the package version, and the command an MCP
// client runs to start this very program's tool server with the same config and data dir.
import { expandHome, resolveConfigPaths } from '../infra/config/config-paths.js';
import { packageVersion } from '../infra/package-root.js';
import { ownCommand } from '../infra/process/own-command.js';
import type { CommandInput } from './config-file.js';

/** The version in this package's package.json (`app --version`, manifests, health). */
export function appVersion(): string {
  return packageVersion();
}

export interface Launch {
  command: string;
  args: string[];
  env: Record<string, string>;
}

/**
 * How a client should start the server: this very program (`app` only when PATH finds it, else node and
 * the bin by absolute path) with the same config file and data dir as this command, made absolute
 * because the client starts it from another directory.
 */
export function mcpServerLaunch(input: CommandInput, profile: string): Launch {
  const paths = resolveConfigPaths({ configFlag: input.configFlag, env: input.env });
  const own = ownCommand(input.env);
  const args = [
    ...own.args,
    ...(input.configFlag ? ['-c', paths.configPath] : []),
    'mcp',
    'serve',
    '--profile',
    profile,
  ];
  const env: Record<string, string> = {};
  if (input.env.APP_HOME) env.APP_HOME = expandHome(input.env.APP_HOME, input.env);
  return { command: own.command, args, env };
}
