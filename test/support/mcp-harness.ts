// The tool server in-process: the app harness (temp data dir, real SQLite, the fake platform with a stored
// login) and an MCP client linked to the server of one profile through the SDK's in-memory transport pair.
import type { ToolProfile } from '../../src/contracts/tools/tool-binding.js';
import {
  type AppHarness,
  type AppHarnessOptions,
  connectTools,
  startAppHarness,
  type ToolClient,
} from './app-harness.js';

export type McpHarness = Omit<AppHarness, 'postNow'> &
  Pick<ToolClient, 'client' | 'call'> & {
    /** One pass of the posting queue. */
    postNow(): Promise<unknown>;
  };

export interface McpHarnessOptions extends Omit<AppHarnessOptions, 'start' | 'loginSeconds'> {
  profile?: ToolProfile;
}

export async function startMcpHarness(options: McpHarnessOptions = {}): Promise<McpHarness> {
  const base = await startAppHarness({ ...options, tier: options.tier ?? 'enterprise' });
  const tools = await connectTools(base.app, options.profile ?? 'write');
  return {
    ...base,
    client: tools.client,
    call: tools.call,
    async close() {
      await tools.close();
      await base.close();
    },
  };
}
