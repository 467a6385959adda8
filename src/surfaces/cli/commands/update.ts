// `app update`: offers commented scaffolds for config sections the user's file lacks; appends only.
import { configUpgrades } from '../../../app/config-file.js';
import { type CommandContext, println } from '../cli-io.js';
import { loadForCommand } from '../load-for-command.js';
import { promptFor } from '../prompter.js';

export async function runUpdate(
  ctx: CommandContext,
  options: { check?: boolean; yes?: boolean },
): Promise<void> {
  const loaded = loadForCommand(ctx);
  const { paths, file } = loaded;
  if (!file.exists) {
    println(ctx.io.stdout, `no config file at ${paths.configPath}; run \`app init\` first`);
    return;
  }
  const upgrades = configUpgrades(loaded);
  const { missing } = upgrades;
  if (missing.length === 0) {
    println(ctx.io.stdout, 'Your config has every section; nothing to add.');
    return;
  }
  println(ctx.io.stdout, `Sections your config does not have yet:`);
  for (const group of missing) println(ctx.io.stdout, `  - ${group.title} (${group.keys.join(', ')})`);
  if (options.check) return;

  let chosen = missing;
  if (!options.yes) {
    const prompter = await promptFor(ctx.io);
    if (!prompter) {
      println(
        ctx.io.stdout,
        'Run `app update --yes` to add commented scaffolds for them (nothing else in the file changes).',
      );
      return;
    }
    chosen = [];
    for (const group of missing) {
      if (await prompter.confirm({ message: `Add a commented scaffold for ${group.title}?`, initial: true }))
        chosen.push(group);
    }
  }
  if (chosen.length === 0) return;
  upgrades.apply(chosen);
  println(
    ctx.io.stdout,
    `Added ${chosen.length} commented scaffold(s) to ${paths.configPath}; uncomment what you need.`,
  );
}
