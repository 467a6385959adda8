// The first config file from the dashboard's wizard: the answers checked field by field with the same rules
// and questions as `app init`, then written exactly as it writes them and applied in this process.
import { restartReason } from '../../../contracts/settings.js';
import type { SetupInitResult } from '../../../contracts/setup.js';
import type { ConfigSource } from '../../domain/config-issue.js';
import {
  collectInitAnswers,
  type InitPresets,
  initFileValues,
  initHeader,
  parseAnswer,
} from '../../domain/init-answers.js';
import { ADVANCED_STEPS, initSteps, QUICKSTART } from '../../domain/init-questions.js';
import { findLeaf } from '../../domain/schema-walk.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../../ports/clock.js';
import type { SettingsStore } from '../../ports/settings-store.js';

export interface InitConfigDeps {
  settings: SettingsStore;
  clock: Clock;
}

/** Every key the first run asks (the quickstart's five and the --advanced steps' fields). */
export const INIT_KEYS: readonly string[] = [
  ...new Set([...QUICKSTART, ...ADVANCED_STEPS.flatMap((step) => step.fields)].map((q) => q.key)),
];
const QUICK_KEYS = new Set(QUICKSTART.map((q) => q.key));

type Issue = { key: string; message: string };

/**
 * Writes the first config from `answers` (dotted key → text or typed value). An answer left out (or blank)
 * may come from this process's APP_* env vars or flags, as in `app init`; env secrets are used but not
 * copied. Any answer outside the quickstart makes it the --advanced form. Throws validation_error with
 * `details.issues: [{key, message}]` and writes nothing when a field is refused or a required one missing;
 * conflict when a config file exists.
 */
export async function initConfig(
  deps: InitConfigDeps,
  answers: Readonly<Record<string, unknown>>,
): Promise<SetupInitResult> {
  if (deps.settings.exists()) {
    throw new AppError(
      'conflict',
      `a config file already exists at ${deps.settings.read().config_path}; change it in Settings`,
    );
  }
  const issues: Issue[] = [];
  const given = new Map<string, unknown>();
  for (const [key, answer] of Object.entries(answers)) {
    const leaf = INIT_KEYS.includes(key) ? findLeaf(key) : undefined;
    if (!leaf) {
      issues.push({ key, message: 'not a first-run setting; set it in Settings afterwards' });
      continue;
    }
    if (typeof answer === 'string' && answer.trim() === '') continue;
    const parsed = parseAnswer(leaf, answer);
    if (parsed.error) issues.push({ key, message: parsed.error });
    else if (parsed.value !== undefined) given.set(key, parsed.value);
  }
  const advanced = [...given.keys()].some((key) => !QUICK_KEYS.has(key));
  // The process's env and flags answer what the form left out, as they do for `app init` (a secret flag
  // is only ever seen masked here, so it is not taken).
  const fromProcess = new Map(
    deps.settings
      .read()
      .settings.filter((s) => s.source.kind === 'env' || (s.source.kind === 'flag' && !s.secret))
      .map((s) => [s.key, { value: s.value, source: s.source as ConfigSource }]),
  );
  const presets: InitPresets = {
    get: (key) =>
      given.has(key) ? { value: given.get(key), source: { kind: 'default' } } : fromProcess.get(key),
  };
  const collected = await collectInitAnswers(initSteps(advanced), presets);
  const refused = new Set(issues.map((issue) => issue.key));
  for (const question of collected.missing)
    if (!refused.has(question.key)) issues.push({ key: question.key, message: 'required' });
  for (const [key, value] of collected.answers) {
    if (Array.isArray(value) && value.length === 0 && QUICK_KEYS.has(key) && given.has(key))
      issues.push({ key, message: 'required: at least one' });
  }
  if (issues.length > 0) {
    const listed = issues.map((issue) => `${issue.key}: ${issue.message}`).join('; ');
    throw new AppError('validation_error', `setup not saved: ${listed}`, { details: { issues } });
  }
  const values = initFileValues(collected);
  const { config_path } = deps.settings.create(values, initHeader(advanced, deps.clock.now()));
  return {
    status: 'created',
    config_path,
    written: [...values.keys()],
    from_env: [...collected.answers.keys()].filter((key) => !given.has(key)),
    restart_required: [...values.keys()].flatMap((key) => {
      const reason = restartReason(key);
      return reason ? [{ key, reason }] : [];
    }),
  };
}
