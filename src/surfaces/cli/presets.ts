// Answers a user gave up front, as flags (`--product-name`, `-O key=value`) or APP_* env vars, so that a
// wizard asks only for what is still missing.

import { type ConfigIssue, type ConfigSource, hasErrors } from '../../core/domain/config-issue.js';
import { getPath } from '../../core/domain/object-path.js';
import { envLayer, type FlagValue, flagLayer, parseOptionPairs } from '../../infra/config/config-layers.js';
import type { CommandContext } from './cli-io.js';
import { ConfigInvalidError } from './load-for-command.js';

export interface Preset {
  value: unknown;
  source: ConfigSource;
}

export interface Presets {
  get(key: string): Preset | undefined;
  issues: ConfigIssue[];
}

/** Flags win over env. Bad values (a non-number for a number field...) end the command with exit 2. */
export function collectPresets(ctx: CommandContext, commandFlags: FlagValue[], configPath: string): Presets {
  const pairs = parseOptionPairs(ctx.global.option);
  const flags = flagLayer([...pairs.values, ...commandFlags]);
  const env = envLayer(ctx.io.env);
  const issues = [...pairs.issues, ...flags.issues, ...env.issues];
  if (hasErrors(issues)) throw new ConfigInvalidError(issues, configPath);
  return {
    issues,
    get(key) {
      for (const layer of [flags, env]) {
        const source = layer.sources.get(key);
        if (source) return { value: getPath(layer.values, key), source };
      }
      return undefined;
    },
  };
}
