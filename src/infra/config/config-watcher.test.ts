import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTempHome, type TempHome } from '../../../test/support/temp-home.js';
import type { ConfigIssue } from '../../core/domain/config-issue.js';
import { type ConfigChange, type ConfigWatcher, createConfigWatcher } from './config-watcher.js';
import { type LoadedConfig, loadConfig } from './load-config.js';

type Event = { kind: 'change'; change: ConfigChange } | { kind: 'invalid'; issues: ConfigIssue[] };

let home: TempHome;
let watcher: ConfigWatcher | undefined;
let events: Event[];
let waiters: Array<() => void>;

beforeEach(() => {
  home = createTempHome();
  events = [];
  waiters = [];
});
afterEach(() => {
  watcher?.stop();
  watcher = undefined;
  home.cleanup();
});

function start(text: string, options: { pollMs?: number; debounceMs?: number } = {}): ConfigWatcher {
  home.writeConfig(text);
  const initial = loadConfig({ env: home.env });
  if (!initial.config) throw new Error('the initial config must be valid');
  const push = (event: Event) => {
    events.push(event);
    for (const wake of waiters.splice(0)) wake();
  };
  watcher = createConfigWatcher({
    load: { env: home.env },
    initial: initial as LoadedConfig & { config: NonNullable<LoadedConfig['config']> },
    onChange: (change) => push({ kind: 'change', change }),
    onInvalid: (issues) => push({ kind: 'invalid', issues }),
    ...options,
  });
  watcher.start();
  return watcher;
}

/** Resolves once `count` events have arrived (fails the test after `ms`). */
async function eventCount(count: number, ms = 3000): Promise<Event[]> {
  // wall clock: a deadline for the wait
  const deadline = Date.now() + ms;
  while (events.length < count) {
    // wall clock: a deadline for the wait
    const left = deadline - Date.now();
    if (left <= 0) throw new Error(`expected ${count} events, got ${events.length}`);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, left);
      waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
  return events;
}

const settle = (ms = 400) => new Promise((resolve) => setTimeout(resolve, ms));
const limits = (n: number) => `# keep me\n[limits]\nmax_replies_per_day = ${n}\n`;

describe('createConfigWatcher', () => {
  it('picks up an edit in place, with the changed keys and a frozen config', async () => {
    start(limits(5), { pollMs: 60_000 });
    await settle(200);
    writeFileSync(home.configPath, `mode = "composer"\n${limits(3)}`);
    const [event] = await eventCount(1);
    expect(event?.kind).toBe('change');
    const change = (event as { change: ConfigChange }).change;
    expect(change.changed).toEqual(['mode', 'limits.max_replies_per_day']);
    expect(change.config.limits.max_replies_per_day).toBe(3);
    expect(Object.isFrozen(change.config.limits)).toBe(true);
    expect(watcher?.current().mode).toBe('composer');
  });

  it('picks up a file replaced by rename, as editors and our own saves do', async () => {
    start(limits(5), { pollMs: 60_000 });
    await settle(200);
    writeFileSync(`${home.configPath}.swp`, limits(2));
    renameSync(`${home.configPath}.swp`, home.configPath);
    const [event] = await eventCount(1);
    expect(event?.kind === 'change' && event.change.changed).toEqual(['limits.max_replies_per_day']);
    expect(watcher?.current().limits.max_replies_per_day).toBe(2);
  });

  it('reports an invalid file by key path and keeps the last good config until it is fixed', async () => {
    start(limits(5), { pollMs: 60_000 });
    await settle(200);
    writeFileSync(home.configPath, '[limits]\nmax_replies_per_day = "five"\n');
    const [invalid] = await eventCount(1);
    expect(invalid?.kind).toBe('invalid');
    expect(invalid?.kind === 'invalid' && invalid.issues.map((i) => i.key)).toContain(
      'limits.max_replies_per_day',
    );
    expect(watcher?.current().limits.max_replies_per_day).toBe(5);

    writeFileSync(home.configPath, 'max_replies_per_day = [\n');
    const [, syntax] = await eventCount(2);
    expect(syntax?.kind === 'invalid' && syntax.issues[0]?.message).toMatch(/TOML syntax error/);

    writeFileSync(home.configPath, limits(4));
    const [, , fixed] = await eventCount(3);
    expect(fixed?.kind === 'change' && fixed.change.changed).toEqual(['limits.max_replies_per_day']);
    expect(watcher?.current().limits.max_replies_per_day).toBe(4);
  });

  it('a file fixed back to the last good values reports the recovery with no changed keys', async () => {
    start(limits(5), { pollMs: 60_000 });
    await settle(200);
    writeFileSync(home.configPath, 'mode = 7\n');
    await eventCount(1);
    writeFileSync(home.configPath, limits(5));
    const [, back] = await eventCount(2);
    expect(back?.kind === 'change' && back.change.changed).toEqual([]);
  });

  it('coalesces several quick writes into one reload with the last value', async () => {
    start(limits(5), { pollMs: 60_000, debounceMs: 150 });
    await settle(300);
    for (const n of [1, 2, 3, 4, 9]) writeFileSync(home.configPath, limits(n));
    await eventCount(1);
    await settle(500);
    expect(events).toHaveLength(1);
    expect(watcher?.current().limits.max_replies_per_day).toBe(9);
  });

  it('ignores a touch or a comment-only edit', async () => {
    start(limits(5), { pollMs: 50 });
    await settle(200);
    writeFileSync(home.configPath, limits(5));
    writeFileSync(home.configPath, `# another comment\n${limits(5)}`);
    await settle(500);
    expect(events).toEqual([]);
  });

  it('keeps the last good config when the file is deleted, and takes it back when it returns', async () => {
    start(limits(5), { pollMs: 60_000 });
    await settle(200);
    rmSync(home.configPath);
    const [gone] = await eventCount(1);
    expect(gone?.kind === 'invalid' && gone.issues[0]?.message).toMatch(/not found; keeping the last good/);
    expect(watcher?.current().limits.max_replies_per_day).toBe(5);
    writeFileSync(home.configPath, limits(6));
    const [, back] = await eventCount(2);
    expect(back?.kind === 'change' && back.change.changed).toEqual(['limits.max_replies_per_day']);
  });

  it('a folder that does not exist yet is watched by the stat check until it appears', async () => {
    const env = { ...home.env, APP_HOME: `${home.dir}/later` };
    const initial = loadConfig({ env }) as LoadedConfig & { config: NonNullable<LoadedConfig['config']> };
    const seen: ConfigChange[] = [];
    watcher = createConfigWatcher({
      load: { env },
      initial,
      onChange: (change) => seen.push(change),
      onInvalid: () => {},
      pollMs: 50,
    });
    watcher.start();
    await settle(200);
    mkdirSync(`${home.dir}/later`);
    writeFileSync(`${home.dir}/later/config.toml`, 'mode = "composer"\n');
    await settle(600);
    expect(seen.map((c) => c.changed)).toEqual([['mode']]);
  });

  it('stop() leaves no timer behind and no callback runs afterwards', async () => {
    // Fake timers count what the watcher holds: its poll and the pending reload.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    let w: ConfigWatcher;
    try {
      w = start(limits(5), { pollMs: 20 });
      expect(vi.getTimerCount()).toBe(2);
      w.stop();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
    writeFileSync(home.configPath, limits(1));
    await settle(300);
    expect(events).toEqual([]);
    expect(w.current().limits.max_replies_per_day).toBe(5);
  });

  it('a throwing callback is reported to onError, never thrown into the event loop', async () => {
    home.writeConfig(limits(5));
    const initial = loadConfig({ env: home.env }) as LoadedConfig & {
      config: NonNullable<LoadedConfig['config']>;
    };
    const errors: unknown[] = [];
    watcher = createConfigWatcher({
      load: { env: home.env },
      initial,
      onChange: () => {
        throw new Error('boom');
      },
      onInvalid: () => {},
      onError: (error) => errors.push(error),
    });
    watcher.start();
    await settle(200);
    writeFileSync(home.configPath, limits(2));
    await settle(400);
    expect(errors).toHaveLength(1);
    expect(watcher.current().limits.max_replies_per_day).toBe(2);
  });

  it('reacts to a write within 1 s (median of 20, fs.watch path)', async () => {
    start(limits(1), { pollMs: 1000 });
    await settle(200);
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      writeFileSync(home.configPath, limits(10 + i));
      await eventCount(i + 1);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const median = ((times[9] ?? 0) + (times[10] ?? 0)) / 2;
    console.log(
      `config reload: write → callback median ${median.toFixed(1)} ms (max ${times[19]?.toFixed(1)} ms)`,
    );
    expect(median).toBeLessThan(1000);
  }, 30_000);
});
