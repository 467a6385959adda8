// A list of tool names for `[mcp_policy]` (blocked, or needing approval), chosen from the tool registry's
// mutating tools; names the registry does not know are kept and flagged, never silently dropped.
import { useState } from 'react';
import { Badge } from '../../ui/badge.js';
import { Button } from '../../ui/button.js';
import type { CustomEditorProps } from './section-form.js';
import { useToolCatalog } from './settings-api.js';

const linesOf = (draft: unknown) =>
  String(draft)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

export function ToolPicker({ field, draft, onChange, labelledBy, disabled }: CustomEditorProps) {
  const catalog = useToolCatalog();
  const [choice, setChoice] = useState('');
  const chosen = linesOf(draft);
  const known = new Map((catalog.data?.tools ?? []).map((tool) => [tool.name, tool]));
  const offered = (catalog.data?.tools ?? []).filter((tool) => tool.mutation && !chosen.includes(tool.name));
  const selectId = `${field.key}-add`.replace(/\W/g, '-');
  const set = (names: string[]) => onChange(names.join('\n'));
  return (
    <fieldset aria-labelledby={labelledBy} className="tool-picker">
      {chosen.length === 0 ? <p className="muted">No tools.</p> : null}
      <ul className="tool-chips">
        {chosen.map((name) => (
          <li key={name}>
            <Badge>{name}</Badge>
            {known.size > 0 && !known.has(name) && !known.has(`social_${name}`) ? (
              <Badge tone="warn">not a known tool</Badge>
            ) : null}
            <Button
              disabled={disabled}
              aria-label={`Remove ${name}`}
              onClick={() => set(chosen.filter((other) => other !== name))}
            >
              ×
            </Button>
          </li>
        ))}
      </ul>
      {catalog.error ? (
        <p className="setting-error">The tool list cannot be read: {(catalog.error as Error).message}</p>
      ) : null}
      <div className="tool-add">
        <label htmlFor={selectId}>Add a tool</label>
        <select id={selectId} value={choice} disabled={disabled} onChange={(e) => setChoice(e.target.value)}>
          <option value="">Choose a tool…</option>
          {offered.map((tool) => (
            <option key={tool.name} value={tool.name}>
              {`${tool.name} (${tool.category})`}
            </option>
          ))}
        </select>
        <Button
          disabled={disabled || choice === ''}
          onClick={() => {
            set([...chosen, choice]);
            setChoice('');
          }}
        >
          Add
        </Button>
      </div>
    </fieldset>
  );
}
