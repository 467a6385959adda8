// What the profile walk checks on every answer beyond success: the structuredContent is the text's envelope,
// it matches the envelope schema and the tool's declared outputSchema (listed and full, read by zod's own
// JSON Schema reader), and the compacted input schema judges the call's arguments as the full one does.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { z } from 'zod';
import { type Envelope, EnvelopeSchema } from '../../src/contracts/tools/envelope.js';
import { compactSchema } from '../../src/surfaces/mcp/compact-schema.js';
import type { ToolOperation } from '../../src/surfaces/mcp/profile-tools.js';
import { inputJsonSchema } from '../../src/surfaces/mcp/tool-listings.js';
import { fullOutputSchema, listedOutputSchema } from '../../src/surfaces/mcp/tool-output-schema.js';

const readers = new WeakMap<ToolOperation, Record<'listed' | 'full' | 'input' | 'compact', z.ZodType>>();

function readersOf(op: ToolOperation) {
  let found = readers.get(op);
  if (!found) {
    const read = (schema: object) => z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
    const input = inputJsonSchema(op);
    found = {
      listed: read(listedOutputSchema(op)),
      full: read(fullOutputSchema(op)),
      input: read(input),
      compact: read(compactSchema(input)),
    };
    readers.set(op, found);
  }
  return found;
}

/** Problems with one answer (empty when it is as declared). */
export function answerProblems(op: ToolOperation, result: Awaited<ReturnType<Client['callTool']>>): string[] {
  const name = op.tool.name;
  const content = result.content as Array<{ type: string; text: string }>;
  const fromText = JSON.parse(content[0]?.text ?? 'null') as Envelope;
  const problems: string[] = [];
  if (JSON.stringify(result.structuredContent) !== JSON.stringify(fromText))
    problems.push(`${name}: structuredContent differs from the text content`);
  const envelope = EnvelopeSchema.safeParse(result.structuredContent);
  if (!envelope.success) problems.push(`${name}: not an envelope: ${envelope.error.message.slice(0, 200)}`);
  for (const which of ['listed', 'full'] as const) {
    const checked = readersOf(op)[which].safeParse(result.structuredContent);
    if (!checked.success)
      problems.push(
        `${name}: answer fails its ${which} outputSchema: ${checked.error.message.slice(0, 300)}`,
      );
  }
  return problems;
}

/** The compacted input schema accepts exactly what the full one accepts, for these arguments. */
export function compactionProblems(op: ToolOperation, args: unknown): string[] {
  const { input, compact } = readersOf(op);
  const full = input.safeParse(args).success;
  return full === compact.safeParse(args).success
    ? []
    : [`${op.tool.name}: compaction changes acceptance of ${JSON.stringify(args).slice(0, 120)}`];
}
