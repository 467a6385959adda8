// `app settings enrich`: fills the profile stage by stage (Voice → Persona → Targeting), saving after each.
import { saveConfigEdits } from '../../../app/config-file.js';
import { enrichmentStatus } from '../../../core/domain/config-rules.js';
import { findLeaf } from '../../../core/domain/schema-walk.js';
import { askField } from '../ask-field.js';
import { CliError, type CommandContext, EXIT_USAGE, println } from '../cli-io.js';
import { commandInput, loadForCommand } from '../load-for-command.js';
import { promptFor } from '../prompter.js';

export async function runEnrich(ctx: CommandContext): Promise<void> {
  const { config } = loadForCommand(ctx);
  const status = enrichmentStatus(config);
  const prompter = await promptFor(ctx.io);
  if (!prompter) {
    for (const stage of status.stages) {
      println(
        ctx.io.stdout,
        `${stage.title}: ${stage.complete ? 'complete' : `missing ${stage.missing.join(', ')}`}`,
      );
    }
    throw new CliError(
      'app settings enrich asks questions and needs a terminal; or set the fields with `app settings --set KEY=VALUE`',
      EXIT_USAGE,
    );
  }
  prompter.intro('Profile enrichment: Voice → Persona → Targeting');
  if (!status.next) return prompter.outro('Every enrichment stage is complete.');
  for (const stage of status.stages) {
    if (stage.complete) {
      prompter.note(`${stage.title}: complete`);
      continue;
    }
    prompter.step(`${stage.title} (${stage.missing.length} of ${stage.fields.length} fields to fill)`);
    const edits = [];
    for (const key of stage.missing) {
      const leaf = findLeaf(key);
      if (!leaf) continue;
      const value = await askField(prompter, leaf, { message: `${leaf.description} (empty to skip)` });
      if (value !== undefined && !(Array.isArray(value) && value.length === 0)) edits.push({ key, value });
    }
    if (edits.length > 0) {
      saveConfigEdits(commandInput(ctx), edits);
    }
  }
  const after = enrichmentStatus(loadForCommand(ctx, { quiet: true }).config);
  prompter.outro(
    after.next ? `Saved. Next stage to complete: ${after.next}` : 'Saved. Every stage is complete.',
  );
}
