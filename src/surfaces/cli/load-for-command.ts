// Loads the config for a command from the global flags and prints its problems the one way the CLI does.
import {
  type CommandConfig,
  type CommandInput,
  type FlagValue,
  type LoadConfigOptions,
  loadCommandConfig,
} from '../../app/config-file.js';
import { type ConfigIssue, formatIssue } from '../../core/domain/config-issue.js';
import type { ValidationPurpose } from '../../core/domain/config-validation.js';
import { CliError, type CommandContext, EXIT_USAGE, println } from './cli-io.js';

/** Raised when the config has errors: the runner prints every issue and exits 2. */
export class ConfigInvalidError extends CliError {
  constructor(
    readonly issues: ConfigIssue[],
    readonly configPath: string,
  ) {
    const errors = issues.filter((i) => i.severity === 'error').length;
    super(`configuration has ${errors} error${errors === 1 ? '' : 's'} (${configPath})`, EXIT_USAGE);
    this.name = 'ConfigInvalidError';
  }
}

/** What the command was started with (`-c`, `-O` pairs, environment), as the app's config functions take it. */
export function commandInput(ctx: CommandContext): CommandInput {
  return { configFlag: ctx.global.config, options: ctx.global.option, env: ctx.io.env };
}

export function printIssues(ctx: CommandContext, issues: readonly ConfigIssue[]): void {
  for (const issue of issues) println(ctx.io.stderr, formatIssue(issue));
}

export interface LoadForCommand {
  flags?: FlagValue[];
  purpose?: ValidationPurpose;
  /** Print warnings to stderr (default true). */
  quiet?: boolean;
  /** Tool names to check `[mcp_policy]` entries against (`registryToolNames()`), for commands that serve tools. */
  toolNames?: readonly string[];
}

/** Loads the config; warnings go to stderr, errors throw ConfigInvalidError. */
export function loadForCommand(
  ctx: CommandContext,
  options: LoadForCommand = {},
): CommandConfig & { load: LoadConfigOptions } {
  // Kept with the result: a long-running command reloads the file later with the same env and flags.
  const load: LoadConfigOptions = {
    configFlag: ctx.global.config,
    env: ctx.io.env,
    options: ctx.global.option,
    flags: options.flags,
    purpose: options.purpose,
    toolNames: options.toolNames,
  };
  const loaded = loadCommandConfig(load);
  if (!loaded.config || !loaded.data) throw new ConfigInvalidError(loaded.issues, loaded.paths.configPath);
  if (!options.quiet) printIssues(ctx, loaded.issues);
  return { ...(loaded as CommandConfig), load };
}
