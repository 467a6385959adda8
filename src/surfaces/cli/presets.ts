// Answers a user gave up front, as flags (`--product-name`, `-O key=value`) or APP_* env vars, so that a
// wizard asks only for what is still missing.
import { type FlagValue, type Presets, readPresets } from '../../app/config-file.js';
import { hasErrors } from '../../core/domain/config-issue.js';
import type { CommandContext } from './cli-io.js';
import { ConfigInvalidError } from './load-for-command.js';

export type { Presets } from '../../app/config-file.js';

/** Flags win over env. Bad values (a non-number for a number field...) end the command with exit 2. */
export function collectPresets(ctx: CommandContext, commandFlags: FlagValue[], configPath: string): Presets {
  const presets = readPresets({ env: ctx.io.env, options: ctx.global.option }, commandFlags);
  if (hasErrors(presets.issues)) throw new ConfigInvalidError(presets.issues, configPath);
  return presets;
}
