// One account changes nothing (issue 27, item 1): a config with no [accounts] loads to the object it loaded
// to before accounts existed, and every writer (settings --set, PATCH /api/settings, app init, the wizard,
// app update) writes the bytes it wrote then. The expected files in one-account/ were recorded by the code
// of that time (commit 547f166) through the same entry points.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  FIXTURES,
  initAndUpdate,
  loadedObject,
  SPEC_CONFIG,
  settingsPatch,
  settingsSet,
  wizard,
} from './one-account/writes.js';

const recorded = (name: string) => readFileSync(`${FIXTURES}${name}`, 'utf8');
const recordedJson = (name: string) => JSON.parse(recorded(name)) as unknown;

describe('a one-account config, loaded and saved', () => {
  it("the spec's file loads to the same object", () => {
    expect(loadedObject(SPEC_CONFIG)).toEqual(recordedJson('spec-config.loaded.json'));
  });

  it('`app settings --set/--unset` writes the same bytes', async () => {
    expect(await settingsSet()).toBe(recorded('spec-config.settings-set.toml'));
  });

  it('PATCH /api/settings writes the same bytes', async () => {
    expect(await settingsPatch()).toBe(recorded('spec-config.settings-patch.toml'));
  });

  it('`app init` and `app update` write the same scaffolds, which load to the same objects', async () => {
    const { init, update } = await initAndUpdate();
    expect(init).toBe(recorded('init.toml'));
    expect(update).toBe(recorded('init.updated.toml'));
    expect(loadedObject(init)).toEqual(recordedJson('init.loaded.json'));
    expect(loadedObject(update)).toEqual(recordedJson('init.updated.loaded.json'));
  });

  it("the dashboard's first-run wizard writes the same file, which loads to the same object", async () => {
    const written = await wizard();
    expect(written).toBe(recorded('wizard.toml'));
    expect(loadedObject(written)).toEqual(recordedJson('wizard.loaded.json'));
  });
});
