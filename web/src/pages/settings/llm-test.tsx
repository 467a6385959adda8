// "Test connection" for the LLM section: one small call with the form's values (unsaved ones included, the
// saved key when no new one is typed); answers how long it took or what the provider said.
import { useState } from 'react';
import type { TestLlmResult } from '../../../../src/contracts/settings-forms.js';
import { api } from '../../api.js';
import type { ApiError } from '../../api-request.js';
import { Button } from '../../ui/button.js';
import type { FieldDraft } from './form-values.js';

const KEYS = ['provider', 'model', 'base_url', 'api_key'] as const;

export function LlmTest({
  drafts,
  edited,
}: {
  drafts: Record<string, FieldDraft>;
  edited: ReadonlySet<string>;
}) {
  const [result, setResult] = useState<TestLlmResult>();
  const [failure, setFailure] = useState<string>();
  const [testing, setTesting] = useState(false);
  const run = async () => {
    const body: Record<string, string> = {};
    for (const key of KEYS) {
      const value = drafts[`llm.${key}`];
      if (edited.has(`llm.${key}`) && typeof value === 'string' && value.trim() !== '')
        body[key] = value.trim();
    }
    setTesting(true);
    setFailure(undefined);
    try {
      setResult(await api.settings.testLlm(body));
    } catch (error) {
      setResult(undefined);
      setFailure((error as ApiError).message);
    } finally {
      setTesting(false);
    }
  };
  const unsaved = KEYS.filter((key) => edited.has(`llm.${key}`));
  return (
    <div className="llm-test">
      <Button onClick={() => void run()} disabled={testing} aria-describedby="llm-test-help">
        Test connection
      </Button>
      <p className="setting-help" id="llm-test-help">
        {unsaved.length > 0
          ? `Tries the unsaved ${unsaved.join(', ')} without saving them. The saved key goes only to the endpoint it was saved for: type a key to try another one.`
          : 'Tries the saved settings with one small request.'}
      </p>
      <p role="status" className={result && !result.ok ? 'setting-error' : undefined}>
        {result
          ? result.ok
            ? `Connected: ${result.message}.`
            : `Connection failed: ${result.message}${result.base_url ? ` (${result.base_url})` : ''}.`
          : failure
            ? `The test could not run: ${failure}.`
            : ''}
      </p>
    </div>
  );
}
