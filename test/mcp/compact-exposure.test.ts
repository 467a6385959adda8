// The compact exposure: three meta tools listed; find_tools finds by intent, describe_tool gives the full
// schema, call_tool runs the named tool through the same policy engine and audit as a direct call.
import { afterEach, expect, it } from 'vitest';
import { connectTools } from '../support/app-harness.js';
import { type McpHarness, startMcpHarness } from '../support/mcp-harness.js';

let h: McpHarness | undefined;
afterEach(async () => h?.close());

it('lists three meta tools that find, describe and call every tool of the profile', async () => {
  h = await startMcpHarness({ config: { mcp_policy: { require_approval_for: [] } } });
  const { client, call } = await connectTools(h.app, 'write', 'compact');
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name)).toEqual(['find_tools', 'describe_tool', 'call_tool']);

  const found = await call('find_tools', { query: 'like a post' });
  expect(found.data.map((t: { name: string }) => t.name)).toContain('social_like_tweet');
  const described = await call('describe_tool', { name: 'social_like_tweet' });
  expect(described.data.inputSchema.required).toEqual(['tweet_id']);
  expect(described.data.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: true });

  const post = [...h.fake.state.tweets.values()].find((t) => t.authorId !== '1000');
  const liked = await call('call_tool', { name: 'social_like_tweet', arguments: { tweet_id: post?.id } });
  expect(liked.success).toBe(true);
  // The like reached the platform and the gateway audited it as an agent's call, as a direct call would.
  expect(h.fake.state.likes.to(post?.id as string)).toContain('1000');
  const audit = await h.call('get_recent_mutations', { limit: 1 });
  expect(audit.data[0]).toMatchObject({ tool_name: 'social_like_tweet', status: 'success', actor: 'agent' });

  const refused = await call('call_tool', { name: 'social_like_tweet', arguments: { nope: 1 } });
  expect(refused.error?.code).toBe('invalid_input');
  await expect(call('call_tool', { name: 'no_such_tool', arguments: {} })).rejects.toThrow(/Unknown tool/);
});
