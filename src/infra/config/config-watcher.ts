// Keeps a running process's config in step with its config file, however the file is changed (the settings
// API, `app settings --set`, an editor): notices the change, reloads with the same env and flags as at
// start, and reports the new frozen config with the changed keys, or why the file was refused.
import { type FSWatcher, readFileSync, statSync, watch } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { Config } from '../../contracts/config/config.js';
import type { ConfigIssue } from '../../core/domain/config-issue.js';
import { changedKeys } from './changed-keys.js';
import { type LoadConfigOptions, type LoadedConfig, loadConfig } from './load-config.js';

export interface ConfigChange {
  /** The new config, frozen. */
  config: Readonly<Config>;
  /** Dotted keys whose value changed; empty when a refused file was fixed back to the same values. */
  changed: string[];
  /** Warnings of the new load (unknown keys, ...). */
  issues: ConfigIssue[];
}

export interface ConfigWatcherOptions {
  /** The same load options as at start (config flag, env, -O pairs, command flags). */
  load: LoadConfigOptions;
  /** The load the process started with: the last good config until the file changes. */
  initial: LoadedConfig & { config: Readonly<Config> };
  onChange(change: ConfigChange): void;
  /** The file on disk is invalid (or gone): the last good config stays in use. */
  onInvalid(issues: ConfigIssue[]): void;
  /** A callback or the loader threw: reported here, never into the event loop. */
  onError?(error: unknown): void;
  /** Quiet time after the last file event before reloading (editors write in several steps). */
  debounceMs?: number;
  /** Interval of the stat check that catches what fs.watch misses (network mounts, a re-created folder). */
  pollMs?: number;
}

export interface ConfigWatcher {
  start(): void;
  /** Stops watching; no timer or handle is left behind and no callback runs afterwards. */
  stop(): void;
  /** The last good config. */
  current(): Readonly<Config>;
  /** Reloads now, without waiting for the file event (this process just wrote the file itself). */
  reloadNow(): void;
}

/** What the file looked like at the last reload: its text, or why there was none. */
type Seen = { text: string } | { missing: true } | { unreadable: string };

function readSeen(path: string): Seen {
  try {
    return { text: readFileSync(path, 'utf8') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    return code === 'ENOENT' ? { missing: true } : { unreadable: code };
  }
}

const sameSeen = (a: Seen, b: Seen) => JSON.stringify(a) === JSON.stringify(b);

/** A cheap fingerprint of the file: any write or replacement changes it. */
function stamp(path: string): string {
  try {
    const s = statSync(path);
    return `${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}`;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? 'error';
  }
}

export function createConfigWatcher(options: ConfigWatcherOptions): ConfigWatcher {
  const configPath = options.initial.paths.configPath;
  const dir = dirname(configPath);
  const name = basename(configPath);
  const debounceMs = options.debounceMs ?? 100;
  const pollMs = options.pollMs ?? 1000;

  let good = options.initial.config;
  let seen: Seen = options.initial.file.exists
    ? { text: options.initial.file.text ?? '' }
    : { missing: true };
  let refused = false;
  let lastStamp = stamp(configPath);
  let running = false;
  let watcher: FSWatcher | undefined;
  let debounce: NodeJS.Timeout | undefined;
  let pendingSince = 0;
  let poll: NodeJS.Timeout | undefined;

  const safely = (fn: () => void) => {
    try {
      fn();
    } catch (error) {
      try {
        options.onError?.(error);
      } catch {
        // The error reporter failed too: nothing sensible is left to tell.
      }
    }
  };

  const refuse = (issues: ConfigIssue[]) => {
    refused = true;
    options.onInvalid(issues);
  };

  function reload(): void {
    lastStamp = stamp(configPath);
    const now = readSeen(configPath);
    // Same bytes as last time (a touch, our own no-op save, a poll after an event): nothing to do.
    if (sameSeen(now, seen)) return;
    seen = now;
    if ('missing' in now) {
      // Deleting the file does not fall back to the defaults: they would switch a composer back to
      // autopilot and drop every limit the user set, on what is often a half-finished editor save or a
      // mistake. The last good config stays until a file is back (a restart starts from the defaults).
      refuse([
        { severity: 'error', key: '', message: 'config file not found; keeping the last good config' },
      ]);
      return;
    }
    const loaded = loadConfig(options.load);
    if (loaded.file.exists) seen = { text: loaded.file.text ?? '' };
    if (!loaded.config) {
      refuse(loaded.issues);
      return;
    }
    const changed = changedKeys(good, loaded.config);
    const recovered = refused;
    good = loaded.config;
    refused = false;
    if (changed.length > 0 || recovered) options.onChange({ config: good, changed, issues: loaded.issues });
  }

  // Each event restarts the quiet time, but a file rewritten non-stop is still reloaded every few debounces.
  function schedule(): void {
    if (!running) return;
    const now = Date.now();
    if (debounce) {
      if (now - pendingSince >= debounceMs * 5) return;
      clearTimeout(debounce);
    } else pendingSince = now;
    debounce = setTimeout(() => {
      debounce = undefined;
      if (running) safely(reload);
    }, debounceMs);
    debounce.unref();
  }

  function closeWatch(): void {
    const current = watcher;
    watcher = undefined;
    safely(() => current?.close());
  }

  // The folder, not the file: editors and our own saves replace the file by rename, which ends a watch
  // on the old file. A missing folder is retried at each poll.
  function openWatch(): void {
    try {
      watcher = watch(dir, { persistent: false }, (_event, filename) => {
        if (!filename || filename.toString() === name) schedule();
      });
      watcher.on('error', closeWatch);
    } catch {
      watcher = undefined;
    }
  }

  function tick(): void {
    if (!watcher) openWatch();
    const now = stamp(configPath);
    if (now === lastStamp) return;
    lastStamp = now;
    schedule();
  }

  return {
    start() {
      if (running) return;
      running = true;
      openWatch();
      poll = setInterval(() => safely(tick), pollMs);
      poll.unref();
      // Catches a change made between the start load and now.
      schedule();
    },
    stop() {
      running = false;
      if (debounce) clearTimeout(debounce);
      if (poll) clearInterval(poll);
      debounce = undefined;
      poll = undefined;
      closeWatch();
    },
    current: () => good,
    reloadNow() {
      if (!running) return;
      if (debounce) clearTimeout(debounce);
      debounce = undefined;
      safely(reload);
    },
  };
}
