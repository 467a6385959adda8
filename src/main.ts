// The `app` executable's entry: real streams and environment in, exit code out.
import { runCli } from './surfaces/cli/run-cli.js';

const interactive = Boolean(process.stdin.isTTY && process.stdout.isTTY);
const code = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  interactive,
});
// Not process.exit(): `serve` keeps running on its own handles after runCli returns.
process.exitCode = code;
