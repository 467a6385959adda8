// Renders docs/tools.md from the operations' tool bindings: per tool its title, profiles, behaviour hints,
// whether it mutates and how the policy meets it, its parameters (from the input schema), the fields of its
// answer (from the output schema) and its error codes.

import { TOOL_PROFILES } from '../../contracts/tools/tool-binding.js';
import { faceInput } from '../../operations/define-operation.js';
import { OPERATIONS } from '../../operations/registry.js';
import { cell, type JsonSchema, toSchema, typeOf } from '../json-schema-text.js';
import { profileTools, type ToolOperation } from './profile-tools.js';
import { toolHints, toolTitle } from './tool-metadata.js';
import { listedOutputSchema } from './tool-output-schema.js';

const PREFACE = `# Tool reference

Generated from the operation registry by \`npm run gen\`; a test fails when it drifts. The tool server is
\`app mcp serve --profile <profile>\` (stdio, or \`--transport http\`). Every tool answers with the envelope
\`{success, data, error?, meta}\` (version 1.0), as JSON text and as \`structuredContent\`; \`error.code\` is one
of the 28 codes of the spec, and \`invalid_input\` answers malformed or unknown parameters. Machine-readable
manifests per profile are in \`docs/manifests/\`.

Each tool is listed with its title, the four MCP hints (read-only, destructive, idempotent, open-world:
derived from the registry by one rule) and an \`outputSchema\`: the envelope with the names and types of the
answer's fields, as below under "Answers"; \`describe_tool\` of the compact exposure
(\`--expose compact\`) gives the whole shape.

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

/** The hints in words, as a client reads them. */
function hintsText(op: ToolOperation): string {
  const hints = toolHints(op);
  const effect = hints.readOnlyHint ? 'read-only' : hints.destructiveHint ? 'destructive' : 'additive';
  const repeat = !hints.readOnlyHint && hints.idempotentHint ? ', idempotent' : '';
  return `${effect}${repeat}, ${hints.openWorldHint ? 'open-world (the platform)' : 'local'}`;
}

/** The answer's `data` as the listed outputSchema names it: its fields, or its type. */
function answerText(op: ToolOperation): string {
  const data = (listedOutputSchema(op).properties as Record<string, JsonSchema>).data ?? {};
  const branches = (data.anyOf as JsonSchema[] | undefined) ?? [data];
  const fields = [...new Set(branches.flatMap((b) => Object.keys(b.properties ?? {})))];
  if (fields.length > 0) return fields.map((f) => `\`${f}\``).join(', ');
  const types = branches.flatMap((b) => (b.type === undefined ? [] : [b.type].flat()));
  const shown = types.filter((t) => t !== 'null');
  return shown.length > 0
    ? [...new Set(shown)].join(' or ')
    : "any JSON (the platform's `data`, passed through)";
}

function toolSection(op: ToolOperation): string[] {
  const { tool } = op;
  const kind = op.mutation ? `mutation${tool.policy ? ` (policy: ${tool.policy})` : ''}` : 'read-only';
  return [
    `### \`${tool.name}\` — ${toolTitle(op)}`,
    '',
    cell(op.summary),
    '',
    `Category \`${tool.category}\` · ${kind} · profiles ${tool.profiles.map((p) => `\`${p}\``).join(', ')}`,
    '',
    `Hints: ${hintsText(op)}`,
    '',
    ...paramsTable(op),
    '',
    `Answers (\`data\`): ${answerText(op)}`,
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
