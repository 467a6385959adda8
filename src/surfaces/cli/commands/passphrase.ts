// `app passphrase`: sets the dashboard passphrase (a generated one by default, printed once) and signs
// every dashboard session out. Only its scrypt hash is stored.
import { resetDashboardPassphrase } from '../../../app/local-data.js';
import { CliError, type CommandContext, EXIT_USAGE, println } from '../cli-io.js';
import { loadForCommand } from '../load-for-command.js';
import { promptFor } from '../prompter.js';

export async function runPassphrase(ctx: CommandContext, options: { choose?: boolean }): Promise<void> {
  const { config, data } = loadForCommand(ctx);
  let chosen: string | undefined;
  if (options.choose) {
    const prompter = await promptFor(ctx.io);
    if (!prompter) throw new CliError('--choose asks for the passphrase and needs a terminal', EXIT_USAGE);
    chosen = await prompter.text({
      message: 'Dashboard passphrase (at least 12 characters)',
      secret: true,
      validate: (v) => (v.length < 12 ? 'at least 12 characters' : undefined),
    });
  }
  const passphrase = await resetDashboardPassphrase(config, data, chosen);
  if (!options.choose)
    println(ctx.io.stdout, `Dashboard passphrase (shown once, keep it safe): ${passphrase}`);
  println(ctx.io.stdout, 'Passphrase set; existing dashboard sessions are signed out.');
}
