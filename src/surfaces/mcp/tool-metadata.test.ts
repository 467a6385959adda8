// The titles and hints over the whole registry: the derivation rules hold for every tool, not a sample.
import { describe, expect, it } from 'vitest';
import { TOOL_PROFILES } from '../../contracts/tools/tool-binding.js';
import { profileTools } from './profile-tools.js';
import { toolListing } from './tool-listings.js';
import { toolAnnotations, toolHints, toolTitle } from './tool-metadata.js';

const all = profileTools('admin').concat(profileTools('api-readonly'));
const unique = [...new Map(all.map((op) => [op.tool.name, op])).values()];
const hintsOf = (name: string) => {
  const op = unique.find((o) => o.tool.name === name);
  if (!op) throw new Error(`no tool ${name}`);
  return toolHints(op);
};

describe('tool titles', () => {
  it.each(TOOL_PROFILES)('profile %s: every title is non-empty, unique and has no underscore', (profile) => {
    const titles = profileTools(profile).map(toolTitle);
    for (const title of titles) {
      expect(title.trim()).not.toBe('');
      expect(title).not.toContain('_');
    }
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('reads as words: prefixes dropped, acronyms kept', () => {
    const byName = (name: string) => toolTitle(unique.find((o) => o.tool.name === name) as never);
    expect(byName('social_like_tweet')).toBe('Like tweet');
    expect(byName('social_v2_dm_conversation_by_id')).toBe('DM conversation by ID');
    expect(byName('social_get')).toBe('Raw platform GET request');
  });
});

describe('tool hints', () => {
  it('reads are read-only and idempotent; platform tools are open-world, local ones not', () => {
    for (const op of unique) {
      const hints = toolHints(op);
      expect(hints.readOnlyHint, op.tool.name).toBe(!op.mutation);
      if (!op.mutation) expect(hints.idempotentHint, op.tool.name).toBe(true);
      expect(hints.openWorldHint, op.tool.name).toBe(op.tool.requires.social === true);
    }
  });

  it('a mutation that deletes, undoes, removes or rejects is destructive; one that adds is not', () => {
    const destructive = unique.filter((op) => toolHints(op).destructiveHint).map((op) => op.tool.name);
    for (const name of destructive) expect(unique.find((o) => o.tool.name === name)?.mutation).toBe(true);
    for (const name of [
      'social_delete_tweet',
      'social_unfollow_user',
      'social_unlike_tweet',
      'social_unretweet',
      'social_v2_blocks_delete',
      'social_v2_lists_members_remove',
      'social_ads_campaign_delete',
      'reject_item',
      'social_delete',
      'social_post',
    ])
      expect(destructive, name).toContain(name);
    for (const name of [
      'social_post_tweet',
      'social_like_tweet',
      'social_follow_user',
      'social_v2_lists_create',
      'approve_item',
      'compose_tweet',
      'get_config',
    ])
      expect(destructive, name).not.toContain(name);
  });

  it('a repeat that changes nothing is idempotent: toggles and deletions, not posts or creations', () => {
    for (const name of ['social_like_tweet', 'social_follow_user', 'social_bookmark_tweet', 'social_put'])
      expect(hintsOf(name).idempotentHint, name).toBe(true);
    for (const name of ['social_post_tweet', 'social_v2_lists_create', 'social_post', 'compose_tweet'])
      expect(hintsOf(name).idempotentHint, name).toBe(false);
  });

  it('the listing carries every hint that differs from the specification default, and the title', () => {
    const defaults = {
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: true,
    };
    for (const op of unique) {
      const listed = toolListing(op);
      expect(listed.title).toBe(toolTitle(op));
      const hints = toolHints(op);
      // What a client reads: the listed value, else the specification's default.
      const read = { ...defaults, ...toolAnnotations(op) };
      expect(read.readOnlyHint).toBe(hints.readOnlyHint);
      expect(read.openWorldHint).toBe(hints.openWorldHint);
      if (!hints.readOnlyHint) {
        expect(read.destructiveHint, op.tool.name).toBe(hints.destructiveHint);
        expect(read.idempotentHint, op.tool.name).toBe(hints.idempotentHint);
      }
    }
  });
});
