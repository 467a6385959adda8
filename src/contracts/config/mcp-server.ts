// [mcp]: the tool server over streamable HTTP (standalone `app mcp serve --transport http`, or mounted in
// `app serve` at /mcp). Authenticated with <data dir>/mcp_token; the stdio transport needs none of this.
import { z } from 'zod';
import { TOOL_PROFILES } from '../tools/tool-binding.js';

export const McpServerSchema = z.object({
  http_enabled: z
    .boolean()
    .default(false)
    .describe(
      'Mount the tool server at /mcp in `app serve` (streamable HTTP, bearer token from <data dir>/mcp_token).',
    ),
  http_profile: z
    .enum(TOOL_PROFILES)
    .default('write')
    .describe(
      'Tool profile served at /mcp by `app serve`, and by `app mcp serve --transport http` without --profile.',
    ),
  http_port: z
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(3002)
    .describe('Port of `app mcp serve --transport http` when --port is not given (0 = any free port).'),
});
