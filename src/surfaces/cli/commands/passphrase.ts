// `app passphrase`: sets the dashboard passphrase (a generated one by default, printed once) and signs
// every dashboard session out. Only its scrypt hash is stored.
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import { dataPaths } from '../../../infra/config/config-paths.js';
import { generatePassphrase, hashPassphrase } from '../../../infra/security/passphrase.js';
import { openDatabase } from '../../../infra/sqlite/open-database.js';
import { AuthRepository } from '../../../infra/sqlite/repositories/auth-repository.js';
import { CliError, type CommandContext, EXIT_USAGE, println } from '../cli-io.js';
import { loadForCommand } from '../load-for-command.js';
import { promptFor } from '../prompter.js';

export async function runPassphrase(ctx: CommandContext, options: { choose?: boolean }): Promise<void> {
  const { config, paths } = loadForCommand(ctx);
  let passphrase: string;
  if (options.choose) {
    const prompter = await promptFor(ctx.io);
    if (!prompter) throw new CliError('--choose asks for the passphrase and needs a terminal', EXIT_USAGE);
    passphrase = await prompter.text({
      message: 'Dashboard passphrase (at least 12 characters)',
      secret: true,
      validate: (v) => (v.length < 12 ? 'at least 12 characters' : undefined),
    });
  } else {
    passphrase = generatePassphrase();
  }
  const database = openDatabase({ path: dataPaths(config, paths.dataDir, ctx.io.env).dbPath });
  try {
    await new AuthRepository(database, DEFAULT_ACCOUNT_ID).setPassphraseHash(
      await hashPassphrase(passphrase),
      new Date(),
    );
  } finally {
    await database.close();
  }
  if (!options.choose)
    println(ctx.io.stdout, `Dashboard passphrase (shown once, keep it safe): ${passphrase}`);
  println(ctx.io.stdout, 'Passphrase set; existing dashboard sessions are signed out.');
}
