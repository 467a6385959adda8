// `app test`: runs the diagnostics service against the real config, database, token file, LLM and platform
// (`--offline` skips the two network probes; `--account` checks another account of the config); the wiring is in app/diagnostics.ts, this prints the report.
import { diagnose } from '../../../app/diagnostics.js';
import { isAppError } from '../../../core/errors.js';
import { CliError, type CommandContext, EXIT_FAILURE, EXIT_USAGE, println } from '../cli-io.js';
import { commandInput } from '../load-for-command.js';
import { registryToolNames } from '../registry-tool-names.js';

const MARK = { pass: 'ok  ', warn: 'warn', fail: 'FAIL', skip: 'skip' } as const;

export async function runDiagnose(
  ctx: CommandContext,
  options: { format: 'text' | 'json'; offline?: boolean; account?: string },
): Promise<void> {
  const report = await diagnose(commandInput(ctx), {
    toolNames: registryToolNames(),
    offline: options.offline,
    ...(options.account === undefined ? {} : { account: options.account }),
  }).catch((error: unknown) => {
    if (isAppError(error) && error.code === 'not_found') throw new CliError(error.message, EXIT_USAGE);
    throw error;
  });
  if (options.format === 'json') {
    println(ctx.io.stdout, JSON.stringify(report, null, 2));
  } else {
    for (const check of report.checks)
      println(ctx.io.stdout, `[${MARK[check.status]}] ${check.label}: ${check.message}`);
  }
  if (!report.passed) throw new CliError('some checks failed', EXIT_FAILURE);
}
