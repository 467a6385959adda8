// What an agent pays before doing anything: a profile's tools/list answer as a client receives it (the JSON
// of the result), in characters. Shared by the context-budget test and the tool server benchmark.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { AppDeps } from '../../src/app/wiring/create-app.js';
import type { ToolProfile } from '../../src/contracts/tools/tool-binding.js';
import { buildToolServer } from '../../src/surfaces/mcp/build-tool-server.js';

export async function listedSize(
  deps: AppDeps,
  profile: ToolProfile,
  expose: 'full' | 'compact',
): Promise<number> {
  const server = buildToolServer(deps, { profile, expose });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'listing-size', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  try {
    return JSON.stringify(await client.listTools()).length;
  } finally {
    await client.close();
    await server.close();
  }
}

/** The usual estimate of tokens from characters (not a tokenizer). */
export const estimatedTokens = (chars: number) => Math.round(chars / 4);
