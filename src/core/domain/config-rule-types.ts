// The shapes of the cross-field config rules: a problem found, and what a check is told (save or load, the
// config before, the tools, how to resolve paths and look at files).
import type { Config } from '../../contracts/config/config.js';
import type { ResolvedPath } from './note-locations.js';
import type { FileProbe } from './storage-rules.js';

export interface RuleProblem {
  severity: 'error' | 'warning';
  path: Array<string | number>;
  message: string;
}

/** `load` tolerates what the runtime can skip; `save` refuses it (the spec's "rejected on save"). */
export type ValidationPurpose = 'load' | 'save';

export interface ValidationContext {
  purpose: ValidationPurpose;
  /** The config before this save: entries it already had are kept (with a warning), never rejected. */
  previous?: Config;
  /**
   * Every tool name (from the operation registry). When given, `[mcp_policy]` entries naming no tool are
   * warnings; callers that do not know the tools (the config layer on its own) leave it out.
   */
  toolNames?: readonly string[];
  /** Resolves source paths (`~`, symlinks) and names the data dir; without it paths are judged as written. */
  sourcePaths?: SourcePathResolver;
  /** Looks at files the config names (the database); without it they are judged by their path only. */
  files?: FileProbe;
}

/** Resolves the paths an entry names (`~`, relative parts, symlinks): infra does the I/O. */
export interface SourcePathResolver {
  resolve(path: string): ResolvedPath;
  /** The service's data directory, resolved the same way. */
  dataDir?: ResolvedPath;
}
