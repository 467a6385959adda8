// The business profile's enrichment stages (Voice → Persona → Targeting), which are complete, what each is
// missing, and the next one to fill — the same rule `app settings enrich` follows.
import type { Config } from '../../../../src/contracts/config/config.js';
import { enrichmentStatus } from '../../../../src/core/domain/config-rules.js';
import { fieldId } from './field-editor.js';
import type { SettingsView } from './settings-api.js';

export function Enrichment({ view }: { view: SettingsView }) {
  const status = enrichmentStatus(view.config as unknown as Config);
  const next = status.stages.find((stage) => stage.id === status.next);
  return (
    <section className="enrichment" aria-labelledby="enrichment-title">
      <h3 id="enrichment-title">Profile enrichment</h3>
      <ol>
        {status.stages.map((stage) => (
          <li key={stage.id}>
            <strong>{stage.title}</strong>:{' '}
            {stage.complete ? 'complete' : `missing ${stage.missing.join(', ')}`}
          </li>
        ))}
      </ol>
      <p>
        {next ? (
          <>
            Next suggested stage: <strong>{next.title}</strong> — fill{' '}
            {next.missing.map((key, index) => (
              <span key={key}>
                {index > 0 ? ', ' : ''}
                <a href={`#${fieldId(key)}`}>{key}</a>
              </span>
            ))}
            .
          </>
        ) : (
          'Every enrichment stage is complete.'
        )}
      </p>
    </section>
  );
}
