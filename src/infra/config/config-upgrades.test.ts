import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { applyUpgrades, missingUpgradeGroups, UPGRADE_GROUPS } from './config-upgrades.js';
import { validateRaw } from './load-config.js';

const OLD_CONFIG = `# written by hand in 2025 — keep these notes!
mode = "autopilot"   # default

# Our product
[business]
product_name = "Acme"
product_keywords = ["cli"]
persona_opinions = ["tests matter"]

[llm]
provider = "ollama" # local model
`;

describe('app update scaffolds', () => {
  it('detects the groups an old config lacks (cloud drive connector, content sources, ...)', () => {
    const ids = missingUpgradeGroups(OLD_CONFIG, parse(OLD_CONFIG) as Record<string, unknown>).map(
      (g) => g.id,
    );
    expect(ids).toContain('cloud_drive_connector');
    expect(ids).toContain('content_sources');
    expect(ids).not.toContain('persona');
    expect(ids).toHaveLength(UPGRADE_GROUPS.length - 1);
  });

  it('keeps every original byte: removing the added lines gives the original file back', () => {
    const raw = parse(OLD_CONFIG) as Record<string, unknown>;
    const upgraded = applyUpgrades(OLD_CONFIG, missingUpgradeGroups(OLD_CONFIG, raw));
    const added = upgraded.split('\n').filter((line) => !OLD_CONFIG.split('\n').includes(line));
    expect(added.every((line) => line === '' || line.startsWith('#'))).toBe(true);
    const originalLines = OLD_CONFIG.split('\n');
    const kept = upgraded.split('\n').filter((line) => originalLines.includes(line) && line !== '');
    expect(kept).toEqual(originalLines.filter((line) => line !== ''));
    expect(upgraded).toContain('# [connectors.cloud_drive]\n# client_id = ""');
    expect(upgraded).toContain('# [[content_sources.sources]]');
  });

  it('the upgraded file means exactly what the old one meant', () => {
    const raw = parse(OLD_CONFIG) as Record<string, unknown>;
    const upgraded = applyUpgrades(OLD_CONFIG, missingUpgradeGroups(OLD_CONFIG, raw));
    expect(parse(upgraded)).toEqual(raw);
    expect(
      validateRaw(parse(upgraded) as Record<string, unknown>, new Map(), { purpose: 'load' }).issues,
    ).toEqual([]);
  });

  it('does not offer a scaffold twice', () => {
    const raw = parse(OLD_CONFIG) as Record<string, unknown>;
    const once = applyUpgrades(OLD_CONFIG, missingUpgradeGroups(OLD_CONFIG, raw));
    expect(missingUpgradeGroups(once, parse(once) as Record<string, unknown>)).toEqual([]);
  });
});
