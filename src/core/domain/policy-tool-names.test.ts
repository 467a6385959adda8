import { describe, expect, it } from 'vitest';
import { unknownPolicyTools } from './policy-tool-names.js';

const TOOLS = ['social_like_tweet', 'social_post_tweet', 'social_retweet', 'get_config'];

describe('unknownPolicyTools', () => {
  it('accepts full names and the short form without social_', () => {
    const policy = {
      blocked_tools: ['social_retweet', ' like_tweet '],
      require_approval_for: ['post_tweet'],
    };
    expect(unknownPolicyTools(policy, TOOLS)).toEqual([]);
  });

  it('names the key and the nearest tool, in the form the entry was written', () => {
    const problems = unknownPolicyTools(
      {
        blocked_tools: ['social_like_twet'],
        require_approval_for: ['social_post_tweet', 'post_twet', 'get_confg'],
      },
      TOOLS,
    );
    expect(problems).toEqual([
      {
        path: ['mcp_policy', 'blocked_tools', 0],
        entry: 'social_like_twet',
        suggestion: 'social_like_tweet',
        message:
          "'social_like_twet' names no tool (did you mean social_like_tweet?); this entry has no effect",
      },
      expect.objectContaining({
        path: ['mcp_policy', 'require_approval_for', 1],
        suggestion: 'post_tweet',
      }),
      expect.objectContaining({ entry: 'get_confg', suggestion: 'get_config' }),
    ]);
  });

  it('gives no suggestion when nothing is close, and does not take a JSON-looking entry for a tool', () => {
    const problems = unknownPolicyTools(
      { blocked_tools: ['send_fax', '["social_like_tweet"]'], require_approval_for: [] },
      TOOLS,
    );
    expect(problems.map((p) => [p.entry, p.suggestion])).toEqual([
      ['send_fax', undefined],
      ['["social_like_tweet"]', undefined],
    ]);
  });
});
