// `app test`: runs the diagnostics service against the real config, database, token file, LLM and platform
// (`--offline` skips the two network probes).

import { formatIssue } from '../../../core/domain/config-issue.js';
import { systemClock } from '../../../core/ports/clock.js';
import { runDiagnostics } from '../../../core/services/diagnostics/run-diagnostics.js';
import { dataPaths } from '../../../infra/config/config-paths.js';
import { loadConfig } from '../../../infra/config/load-config.js';
import { probeLlm } from '../../../infra/llm/probe-llm.js';
import { probePlatform } from '../../../infra/social/probe-platform.js';
import { readTokenFile } from '../../../infra/social/token-store.js';
import { openDatabase } from '../../../infra/sqlite/open-database.js';
import { CliError, type CommandContext, EXIT_FAILURE, println } from '../cli-io.js';
import { registryToolNames } from '../registry-tool-names.js';

const MARK = { pass: 'ok  ', warn: 'warn', fail: 'FAIL', skip: 'skip' } as const;

export async function runDiagnose(
  ctx: CommandContext,
  options: { format: 'text' | 'json'; offline?: boolean },
): Promise<void> {
  const loaded = loadConfig({
    configFlag: ctx.global.config,
    env: ctx.io.env,
    options: ctx.global.option,
    toolNames: registryToolNames(),
  });
  const config = loaded.config;
  const paths = config ? dataPaths(config, loaded.paths.dataDir, ctx.io.env) : undefined;
  const online = config && paths && !options.offline ? { config, paths } : undefined;
  const report = await runDiagnostics({
    config,
    configErrors: loaded.issues.filter((i) => i.severity === 'error').map(formatIssue),
    configWarnings: loaded.issues.filter((i) => i.severity === 'warning').map(formatIssue),
    now: new Date(),
    readTokens: () => readTokenFile(paths?.tokensPath ?? ''),
    async checkDatabase() {
      if (!paths) return { ok: false, message: 'no config' };
      try {
        const database = openDatabase({ path: paths.dbPath });
        const mode = database.sqlite.pragma('journal_mode', { simple: true });
        await database.close();
        return { ok: true, message: `reachable (${paths.dbPath}, journal ${mode})` };
      } catch (error) {
        return { ok: false, message: (error as Error).message };
      }
    },
    probeLlm: online && (() => probeLlm(online.config)),
    probePlatform:
      online &&
      (() =>
        probePlatform({
          config: online.config,
          tokensPath: online.paths.tokensPath,
          scraperSessionPath: online.paths.scraperSessionPath,
          clock: systemClock,
        })),
  });
  if (options.format === 'json') {
    println(ctx.io.stdout, JSON.stringify(report, null, 2));
  } else {
    for (const check of report.checks)
      println(ctx.io.stdout, `[${MARK[check.status]}] ${check.label}: ${check.message}`);
  }
  if (!report.passed) throw new CliError('some checks failed', EXIT_FAILURE);
}
