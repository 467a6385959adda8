// `app settings`: --show (read-only, masked), --set/--unset (saved edits), or an interactive editor.
import { type ConfigEdit, describeSettings, draftConfig, saveConfigEdits } from '../../../app/config-file.js';
import { accountKeyProblem, accountNames } from '../../../core/domain/account-settings.js';
import { formatIssue } from '../../../core/domain/config-issue.js';
import { getPath, setPath } from '../../../core/domain/object-path.js';
import { configLeaves, findLeaf } from '../../../core/domain/schema-walk.js';
import { isAppError } from '../../../core/errors.js';
import { askField, formatValue } from '../ask-field.js';
import { CliError, type CommandContext, EXIT_USAGE, println } from '../cli-io.js';
import { commandInput, loadForCommand } from '../load-for-command.js';
import { type Prompter, promptFor } from '../prompter.js';

export interface SettingsOptions {
  show?: boolean;
  format: 'text' | 'json';
  set: string[];
  unset: string[];
  /** A further account: its effective settings (--show), or keys of its own table (--set/--unset). */
  account?: string;
}

/**
 * The further account named by --account, refused (exit 2) when the config has none of that name; the
 * default account's name is no further account: its settings are the global ones (undefined).
 */
function namedAccount(config: Parameters<typeof accountNames>[0], account: string): string | undefined {
  const names = accountNames(config);
  if (account === names[0]) return undefined;
  if (!names.includes(account))
    throw new CliError(
      `--account: no account named '${account}'; the accounts are ${names.join(', ')}`,
      EXIT_USAGE,
    );
  return account;
}

function leafOrFail(key: string) {
  const leaf = findLeaf(key);
  if (!leaf) throw new CliError(`unknown config key '${key}'`, EXIT_USAGE);
  return leaf;
}

function show(ctx: CommandContext, options: SettingsOptions): void {
  const loaded = loadForCommand(ctx, { quiet: options.format === 'json' });
  const account = options.account === undefined ? undefined : namedAccount(loaded.config, options.account);
  const shown = describeSettings(loaded, ctx.io.env, account);
  if (options.format === 'json') println(ctx.io.stdout, JSON.stringify(shown.effective, null, 2));
  else ctx.io.stdout.write(shown.text);
}

/** `--set key=text` and `--unset key`, saved as one change through the same editor as the settings API. */
function applyEdits(ctx: CommandContext, options: SettingsOptions): void {
  const account =
    options.account === undefined
      ? undefined
      : namedAccount(loadForCommand(ctx, { quiet: true }).config, options.account);
  // With --account, a key names the account's own setting: written to its [accounts.<name>] table.
  const inFile = (key: string) => {
    if (account === undefined) return key;
    const problem = accountKeyProblem(key);
    if (problem) throw new CliError(`${key}: ${problem}`, EXIT_USAGE);
    return `accounts.${account}.${key}`;
  };
  const edits: ConfigEdit[] = [
    ...options.set.map((pair) => {
      const eq = pair.indexOf('=');
      if (eq <= 0) throw new CliError(`--set expects key=value, got '${pair}'`, EXIT_USAGE);
      const key = pair.slice(0, eq).trim();
      return {
        key: inFile(key),
        text: pair.slice(eq + 1),
        source: { kind: 'flag' as const, name: `--set ${key}` },
      };
    }),
    ...options.unset.map((key) => ({
      key: inFile(key),
      value: undefined,
      source: { kind: 'flag' as const, name: `--unset ${key}` },
    })),
  ];
  const saved = saveConfigEdits(commandInput(ctx), edits);
  for (const issue of saved.issues) println(ctx.io.stderr, formatIssue(issue));
  println(
    ctx.io.stdout,
    `Saved ${edits.length} change${edits.length === 1 ? '' : 's'} to ${saved.configPath}`,
  );
}

const GENERAL = 'general';

async function interactive(ctx: CommandContext, prompter: Prompter): Promise<void> {
  const { paths, config } = loadForCommand(ctx);
  const draft = draftConfig(paths.configPath);
  let current = config as unknown as Record<string, unknown>;
  const sectionOf = (key: string) => key.split('.').slice(0, -1).join('.') || GENERAL;
  const editable = configLeaves().filter((leaf) => leaf.kind !== 'json');
  const sections = [...new Set(editable.map((leaf) => sectionOf(leaf.key)))];
  const currentValue = (path: readonly string[]) => getPath(current, path);

  prompter.intro(`app settings (${paths.configPath})`);
  for (;;) {
    const choice = await prompter.select({
      message: 'Which settings?',
      options: [
        ...sections.map((value) => ({ value })),
        { value: '__save', label: 'Save and exit' },
        { value: '__quit', label: 'Exit without saving' },
      ],
    });
    if (choice === '__quit') return prompter.outro('No changes saved.');
    if (choice === '__save') break;
    const fields = editable.filter((leaf) => sectionOf(leaf.key) === choice);
    const key = await prompter.select({
      message: `[${choice}]`,
      options: [
        ...fields.map((leaf) => ({
          value: leaf.key,
          label: `${leaf.path[leaf.path.length - 1]} = ${leaf.meta.secret ? '****' : formatValue(currentValue(leaf.path))}`,
          hint: leaf.description,
        })),
        { value: '__back', label: 'Back' },
      ],
    });
    if (key === '__back') continue;
    const leaf = leafOrFail(key);
    const value = await askField(prompter, leaf, { current: currentValue(leaf.path) });
    try {
      draft.apply({ key, value });
      // Show the edited value on top of what env/flags still override.
      current = structuredClone(current);
      setPath(current, leaf.path, value);
    } catch (error) {
      if (!isAppError(error)) throw error;
      for (const issue of (error.details as never[]) ?? []) prompter.note(formatIssue(issue));
      prompter.note(error.message);
    }
  }
  prompter.outro(draft.save() ? `Saved ${paths.configPath}` : 'Nothing changed.');
}

export async function runSettings(ctx: CommandContext, options: SettingsOptions): Promise<void> {
  if (options.show) return show(ctx, options);
  if (options.account !== undefined && options.set.length === 0 && options.unset.length === 0)
    throw new CliError('--account goes with --show, --set or --unset', EXIT_USAGE);
  if (options.set.length > 0 || options.unset.length > 0) return applyEdits(ctx, options);
  const prompter = await promptFor(ctx.io);
  if (!prompter) {
    throw new CliError(
      'app settings is interactive and needs a terminal; use `app settings --show` or `app settings --set KEY=VALUE`',
      EXIT_USAGE,
    );
  }
  await interactive(ctx, prompter);
}
