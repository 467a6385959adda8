// Renders docs/tools.md from the operations' tool bindings: per tool its profiles, whether it mutates and
// how the policy meets it, its parameters (from the input schema) and its error codes.

import { TOOL_PROFILES } from '../../contracts/tools/tool-binding.js';
import { faceInput } from '../../operations/define-operation.js';
import { OPERATIONS } from '../../operations/registry.js';
import { cell, type JsonSchema, toSchema, typeOf } from '../json-schema-text.js';
import { profileTools, type ToolOperation } from './profile-tools.js';

const PREFACE = `# Tool reference

Generated from the operation registry by \`npm run gen\`; a test fails when it drifts. The tool server is
\`app mcp serve --profile <profile>\` (stdio). Every tool answers with the envelope
\`{success, data, error?, meta}\` (version 1.0); \`error.code\` is one of the 28 codes of the spec, and
\`invalid_input\` answers malformed or unknown parameters. Machine-readable manifests per profile are in
\`docs/manifests/\`.

Policy: **gateway** tools pass the whole mutation policy engine (blocked tools, hard safety rules, user
rules, dry run, hourly cap, approval routing) and are written to the mutation audit log; **check** tools
pass the policy alone; every tool honours \`blocked_tools\`.

`;

function paramsTable(op: ToolOperation): string[] {
  const schema = toSchema(faceInput(op, 'tool'), 'input') as JsonSchema;
  const props = Object.entries(schema.properties ?? {});
  if (props.length === 0) return ['No parameters.'];
  const required = new Set(schema.required ?? []);
  return [
    '| Parameter | Type | Required | Default | Description |',
    '|---|---|---|---|---|',
    ...props.map(([name, prop]) => {
      const fallback = prop.default === undefined ? '' : `\`${JSON.stringify(prop.default)}\``;
      return `| \`${name}\` | ${cell(typeOf(prop))} | ${required.has(name) && !fallback ? 'yes' : 'no'} | ${fallback} | ${cell(prop.description ?? '')} |`;
    }),
  ];
}

function toolSection(op: ToolOperation): string[] {
  const { tool } = op;
  const kind = op.mutation ? `mutation${tool.policy ? ` (policy: ${tool.policy})` : ''}` : 'read-only';
  return [
    `### \`${tool.name}\``,
    '',
    cell(op.summary),
    '',
    `Category \`${tool.category}\` · ${kind} · profiles ${tool.profiles.map((p) => `\`${p}\``).join(', ')}`,
    '',
    ...paramsTable(op),
    '',
    `Errors: ${[...new Set(['invalid_input', ...tool.errors])].map((c) => `\`${c}\``).join(', ')}`,
    '',
  ];
}

export function renderToolDocs(): string {
  const counts = TOOL_PROFILES.map((p) => `| \`${p}\` | ${profileTools(p).length} |`);
  const all = OPERATIONS.filter((op): op is ToolOperation => op.tool !== undefined).sort((a, b) =>
    a.tool.name < b.tool.name ? -1 : 1,
  );
  const categories = [...new Set(all.map((op) => op.tool.category))].sort();
  const sections = categories.flatMap((category) => [
    `## ${category}`,
    '',
    ...all.filter((op) => op.tool.category === category).flatMap(toolSection),
  ]);
  return `${PREFACE}| Profile | Tools |\n|---|---|\n${counts.join('\n')}\n\n${sections.join('\n')}`;
}
