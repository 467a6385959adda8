// A tool as tools/list shows it, and each profile's listing rendered once at build time into
// dist/tool-listings.json: deriving it (JSON Schema from every tool's zod input and output) took ~40 ms of a
// cold `app mcp serve`, paid by every conversation an agent host starts. Run from source (tests, tsx) there
// is no file and it is derived.
import { readFileSync } from 'node:fs';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { TOOL_PROFILES, type ToolProfile } from '../../contracts/tools/tool-binding.js';
import { faceInput } from '../../operations/define-operation.js';
import { compactSchema } from './compact-schema.js';
import { profileTools, type ToolOperation } from './profile-tools.js';
import { toolAnnotations, toolTitle } from './tool-metadata.js';
import { listedOutputSchema } from './tool-output-schema.js';

/** The tool's input as JSON Schema (what agents see), always an object schema. */
export function inputJsonSchema(op: ToolOperation): Tool['inputSchema'] {
  const schema = z.toJSONSchema(faceInput(op, 'tool'), { io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  delete schema.$schema;
  return { ...schema, type: 'object', additionalProperties: false } as Tool['inputSchema'];
}

/** One tool as tools/list shows it: title, hints, and its schemas without their redundancy. */
export function toolListing(op: ToolOperation): Tool {
  return {
    name: op.tool.name,
    title: toolTitle(op),
    description: op.summary,
    inputSchema: compactSchema(inputJsonSchema(op)),
    outputSchema: listedOutputSchema(op),
    annotations: toolAnnotations(op),
  };
}

export const TOOL_LISTINGS_FILE = 'tool-listings.json';

export type ToolListings = Record<ToolProfile, Tool[]>;

/** What the build writes: the full listing of every profile. */
export function renderToolListings(): ToolListings {
  return Object.fromEntries(
    TOOL_PROFILES.map((profile) => [profile, profileTools(profile).map(toolListing)]),
  ) as ToolListings;
}

let built: ToolListings | null | undefined;

/** The build's listing of this profile, or undefined when running from source. */
export function builtToolListing(profile: ToolProfile): Tool[] | undefined {
  if (built === undefined) {
    try {
      // Next to the bundle's chunks in dist/; beside this file in src/ (where it never exists).
      const file = new URL(`./${TOOL_LISTINGS_FILE}`, import.meta.url);
      built = JSON.parse(readFileSync(file, 'utf8')) as ToolListings;
    } catch {
      built = null;
    }
  }
  return built?.[profile];
}
