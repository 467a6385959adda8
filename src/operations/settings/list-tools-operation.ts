// Operation settings.tools: the tool server's catalog (name, category, profiles, mutation), read from the one
// operation registry, so the policy pickers offer exactly the tools that exist.
import { EmptyInput } from '../../contracts/no-input.js';
import { type ToolCatalog, ToolCatalogSchema } from '../../contracts/settings-forms.js';
import { defineOperation } from '../define-operation.js';

export const listToolsOperation = defineOperation({
  name: 'settings.tools',
  summary:
    'The tools the tool server exposes, by name with their category, profiles and whether they mutate: the names `[mcp_policy] blocked_tools` and `require_approval_for` take.',
  input: EmptyInput,
  output: ToolCatalogSchema,
  mutation: false,
  http: { method: 'GET', path: '/api/settings/tools' },
  run: async (): Promise<ToolCatalog> => {
    // Loaded when called: the registry lists this operation, so a static import would be a cycle.
    const { OPERATIONS } = await import('../registry.js');
    const tools = OPERATIONS.flatMap((op) =>
      op.tool
        ? [
            {
              name: op.tool.name,
              category: op.tool.category,
              profiles: [...op.tool.profiles],
              mutation: op.mutation,
              summary: op.summary,
            },
          ]
        : [],
    ).sort((a, b) => a.name.localeCompare(b.name));
    return { tools };
  },
});
