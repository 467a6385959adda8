// The layers above the config file (env vars, `-O key=value` pairs, command flags) merged over a file's raw
// values, with the source of every value: the config editor checks an edited file the way a running process
// will load it. Same steps as loadConfig (which could call this too; kept apart while others edit it).
import type { ConfigIssue, ConfigSource } from '../../core/domain/config-issue.js';
import { envLayer, flagLayer, mergeLayers, parseOptionPairs } from './config-layers.js';
import type { LoadConfigOptions } from './load-config.js';

/** The options of a load that describe the layers above the file. */
export type ConfigLayers = Pick<LoadConfigOptions, 'env' | 'options' | 'flags'>;

export function layerOver(
  fileRaw: Record<string, unknown>,
  fileSources: ReadonlyMap<string, ConfigSource>,
  layers: ConfigLayers,
): { raw: Record<string, unknown>; sources: Map<string, ConfigSource>; issues: ConfigIssue[] } {
  const fromEnv = envLayer(layers.env ?? process.env);
  const pairs = parseOptionPairs(layers.options ?? []);
  const fromFlags = flagLayer([...pairs.values, ...(layers.flags ?? [])]);
  return {
    raw: mergeLayers(fileRaw, fromEnv.values, fromFlags.values),
    sources: new Map<string, ConfigSource>([...fileSources, ...fromEnv.sources, ...fromFlags.sources]),
    issues: [...fromEnv.issues, ...pairs.issues, ...fromFlags.issues],
  };
}
