// `app mcp serve|manifest|setup`: registered now so the command tree is complete; the tool server comes next.
import { CliError, EXIT_FAILURE } from '../cli-io.js';

export function runMcpPending(command: 'serve' | 'manifest' | 'setup'): never {
  throw new CliError(`\`app mcp ${command}\` is not available in this version yet`, EXIT_FAILURE);
}
