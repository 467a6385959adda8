// The built `app mcp serve` answers tools/list from the listing the build rendered (dist/tool-listings.json,
// so a cold start does not derive 112 JSON Schemas): that file must be what the source derives, and what an
// agent host receives.
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_PROFILES, type ToolProfile } from '../../src/contracts/tools/tool-binding.js';
import { profileTools } from '../../src/surfaces/mcp/profile-tools.js';
import { TOOL_LISTINGS_FILE, toolListing } from '../../src/surfaces/mcp/tool-listings.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

const repo = new URL('../../', import.meta.url).pathname;
let home: TempHome;
beforeAll(() => {
  home = createTempHome();
});
afterAll(() => home.cleanup());

/** tools/list as a client of `node <checkout>/bin/app.js mcp serve --profile <profile>` receives it. */
async function servedTools(checkout: string, profile: ToolProfile): Promise<Tool[]> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(checkout, 'bin/app.js'), 'mcp', 'serve', '--profile', profile],
    env: { PATH: process.env.PATH ?? '', APP_HOME: home.dir, APP_LOGGING__LEVEL: 'warn' },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'listing-test', version: '1.0.0' });
  await client.connect(transport);
  try {
    return (await client.listTools()).tools;
  } finally {
    await client.close();
  }
}

describe('the build-time tool listing', () => {
  it('is what the source derives, for every profile, and what the built server lists', async () => {
    const built = JSON.parse(readFileSync(join(repo, 'dist', TOOL_LISTINGS_FILE), 'utf8'));
    for (const profile of TOOL_PROFILES) {
      const derived = profileTools(profile).map(toolListing);
      expect(built[profile]).toEqual(derived);
      expect(await servedTools(repo, profile)).toEqual(derived);
    }
  });

  it('is the file the built server reads (a changed file is what clients see)', async () => {
    // A copy of the build whose listing says something the source never derives.
    const checkout = mkdtempSync(join(tmpdir(), 'app-build-'));
    try {
      for (const dir of ['bin', 'migrations'])
        cpSync(join(repo, dir), join(checkout, dir), { recursive: true });
      cpSync(join(repo, 'package.json'), join(checkout, 'package.json'));
      cpSync(join(repo, 'dist'), join(checkout, 'dist'), {
        recursive: true,
        filter: (path) => !path.includes(`${join('dist', 'web')}`),
      });
      symlinkSync(join(repo, 'node_modules'), join(checkout, 'node_modules'));
      const file = join(checkout, 'dist', TOOL_LISTINGS_FILE);
      const listings = JSON.parse(readFileSync(file, 'utf8'));
      listings.readonly[0].title = 'Title from the build file';
      writeFileSync(file, JSON.stringify(listings));
      const tools = await servedTools(checkout, 'readonly');
      expect(tools[0]?.title).toBe('Title from the build file');
    } finally {
      rmSync(checkout, { recursive: true, force: true });
    }
  });
});
