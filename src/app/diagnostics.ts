// `app test` wired: the diagnostics service (pure, in core) gets the real config, database, token file and,
// unless offline, the LLM and platform probes. A config that does not load is reported, not thrown.
import { DEFAULT_ACCOUNT_ID } from '../contracts/account.js';
import type { Config } from '../contracts/config/config.js';
import { accountNames, effectiveAccountConfig } from '../core/domain/account-settings.js';
import { formatIssue } from '../core/domain/config-issue.js';
import { AppError, isAppError } from '../core/errors.js';
import { systemClock } from '../core/ports/clock.js';
import { type DiagnosticsReport, runDiagnostics } from '../core/services/diagnostics/run-diagnostics.js';
import { summarizeSources } from '../core/services/sources/source-status.js';
import type { DataPaths } from '../infra/config/config-paths.js';
import { probeLlm } from '../infra/llm/probe-llm.js';
import { openPostgres, postgresSchemaState } from '../infra/postgres/open-postgres.js';
import { probePlatform } from '../infra/social/probe-platform.js';
import { readTokenFile } from '../infra/social/token-store.js';
import { openDatabase } from '../infra/sqlite/open-database.js';
import { NoteRepository } from '../infra/sqlite/repositories/note-repository.js';
import { type CommandInput, loadCommandConfig } from './config-file.js';
import { accountPathsOf } from './platform-login.js';
import { withConfiguredStore } from './wiring/platform-state.js';

export interface DiagnoseOptions {
  /** Every tool name, to check `[mcp_policy]` entries against. */
  toolNames: readonly string[];
  /** Skips the two network probes (LLM and platform). */
  offline?: boolean;
  /** Checks this account of the config (its effective settings, login and notes); default: the default one. */
  account?: string;
}

export async function diagnose(input: CommandInput, options: DiagnoseOptions): Promise<DiagnosticsReport> {
  const loaded = loadCommandConfig({
    configFlag: input.configFlag,
    env: input.env,
    options: input.options,
    toolNames: options.toolNames,
  });
  const found =
    loaded.config && loaded.data
      ? await accountOf(loaded.config, loaded.data, options.account).catch((error: unknown) => {
          // A Postgres that cannot be opened (down, or migrated by a newer app) is the Database check's
          // failure: the default account's checks are reported with it, on the service's files.
          if (
            loaded.config?.storage.url &&
            options.account === undefined &&
            isAppError(error) &&
            error.code === 'db_error'
          )
            return undefined;
          throw error;
        })
      : undefined;
  const config = found?.config ?? loaded.config;
  const data = found?.paths ?? loaded.data;
  const online = config && data && !options.offline ? { config, data } : undefined;
  return runDiagnostics({
    config,
    configErrors: loaded.issues.filter((i) => i.severity === 'error').map(formatIssue),
    configWarnings: loaded.issues.filter((i) => i.severity === 'warning').map(formatIssue),
    now: new Date(),
    readTokens: () => readTokenFile(data?.tokensPath ?? ''),
    async checkDatabase() {
      if (!data) return { ok: false, message: 'no config' };
      if (config?.storage.url) return checkPostgres(config.storage.url);
      try {
        const database = openDatabase({ path: data.dbPath });
        const mode = database.sqlite.pragma('journal_mode', { simple: true });
        await database.close();
        return { ok: true, message: `reachable (${data.dbPath}, journal ${mode})` };
      } catch (error) {
        return { ok: false, message: (error as Error).message };
      }
    },
    async readSources() {
      if (!data) return [];
      if (!config) return [];
      const account = found?.id ?? DEFAULT_ACCOUNT_ID;
      // Postgres is read as it is, never migrated by a diagnosis: a database without the schema has no sources.
      if (config.storage.url) {
        const store = await openPostgres({ url: config.storage.url, migrate: false }).catch(() => undefined);
        if (!store) return [];
        try {
          return await summarizeSources(new NoteRepository(store, account));
        } catch {
          return [];
        } finally {
          await store.close();
        }
      }
      return withConfiguredStore(config, data.dbPath, (store) =>
        summarizeSources(new NoteRepository(store, account)),
      );
    },
    probeLlm: online && (() => probeLlm(online.config)),
    probePlatform:
      online &&
      (() =>
        probePlatform({
          config: online.config,
          tokensPath: online.data.tokensPath,
          scraperSessionPath: online.data.scraperSessionPath,
          clock: systemClock,
        })),
  });
}

/** `[storage] url`: reachable, and its schema no newer than this app's (nothing is migrated here). */
async function checkPostgres(url: string): Promise<{ ok: boolean; message: string }> {
  try {
    const store = await openPostgres({ url, migrate: false });
    try {
      const { newest, known } = await postgresSchemaState(store);
      if (newest > known)
        return {
          ok: false,
          message: `${store.label}: database schema version ${newest} is newer than this app (which knows up to version ${known})`,
        };
      const pending = newest < known ? `; ${known - newest} migrations to apply at the next start` : '';
      return {
        ok: true,
        message: `reachable (${store.label}, Postgres, schema version ${newest}${pending})`,
      };
    } finally {
      await store.close();
    }
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}

/** The account's effective settings and files (core/domain/account-settings.ts, platform-login.ts). */
async function accountOf(config: Config, data: DataPaths, account: string | undefined) {
  const names = accountNames(config);
  if (account !== undefined && !names.includes(account))
    throw new AppError(
      'not_found',
      `--account: no account named '${account}'; the accounts are ${names.join(', ')}`,
    );
  const name = account ?? (names[0] as string);
  const { id, paths } = await accountPathsOf(config, data, name);
  return { id, paths, config: { ...config, ...effectiveAccountConfig(config, name).config } as Config };
}
