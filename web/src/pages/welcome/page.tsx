// The first-run wizard (/welcome): the quickstart fields (and the advanced steps, optional) write the config
// file, then Connect your platform account, Test the LLM, and Draft Studio with a new draft. The step comes
// from the server's setup status, so a same-tab return from the platform's sign-in resumes where it was.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { TestLlmResult } from '../../../../src/contracts/settings-forms.js';
import { api } from '../../api.js';
import type { ApiError } from '../../api-request.js';
import { PLATFORM_CALLBACK_ROUTE } from '../../bespoke-routes.js';
import { ConnectAccount } from '../../components/connect-account.js';
import { useNewDraft } from '../../components/use-new-draft.js';
import { navigate } from '../../router.js';
import { readStored, writeStored } from '../../stored-value.js';
import { loadSetupStatus, SETUP_STATUS_KEY, welcomeOffered } from './first-run.js';
import { QuickstartForm } from './quickstart-form.js';
import './welcome.css';
import { Button } from '../../ui/button.js';
import { PageHeader } from '../../ui/page-header.js';

const STEPS = ['Your product and LLM', 'Connect your platform account', 'Test the LLM', 'Start writing'];
const STAGE = 'app:welcome:stage';
const RESTART = 'app:welcome:restart';

function TestLlm() {
  const [result, setResult] = useState<TestLlmResult>();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      setResult(await api.settings.testLlm());
    } catch (error) {
      setProblem(`The test could not run: ${(error as ApiError).message}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <Button onClick={() => void run()} disabled={busy}>
        Test the LLM
      </Button>
      <p role="status">
        {result
          ? result.ok
            ? `The LLM answered (${result.provider}, ${result.model}): ${result.message}.`
            : `The LLM did not answer: ${result.message}. Check the provider, key and endpoint in Settings.`
          : null}
      </p>
      {problem ? (
        <p role="alert" className="welcome-error">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** Settings the running service takes only at start (the platform client), as the server said. */
function RestartNote() {
  const keys = readStored(sessionStorage, RESTART);
  if (!Array.isArray(keys) || keys.length === 0) return null;
  return (
    <p className="muted">
      Restart the service (<code>app serve</code>) when convenient: it applies {keys.join(', ')} at start, and
      renews the platform login only after that.
    </p>
  );
}

export default function WelcomePage() {
  const client = useQueryClient();
  const status = useQuery({ queryKey: SETUP_STATUS_KEY, queryFn: loadSetupStatus });
  const [stage, setStageState] = useState<number>(() => {
    const saved = readStored(sessionStorage, STAGE);
    return typeof saved === 'number' ? saved : 1;
  });
  const setStage = (next: number) => {
    writeStored(sessionStorage, STAGE, next);
    setStageState(next);
  };
  const newDraft = useNewDraft({ replace: true });
  const configured = status.data?.config_exists === true;
  // A configured instance never shows the wizard, unless this session is in the middle of it.
  useEffect(() => {
    if (configured && !welcomeOffered()) navigate('/', { replace: true });
  }, [configured]);

  if (status.error)
    return (
      <main className="page welcome">
        <PageHeader title="Set up app" />
        <p role="alert" className="welcome-error">
          The setup status cannot be read: {(status.error as Error).message}. Check that the service is
          running, then reload.
        </p>
      </main>
    );
  if (!status.data) return null;
  const current = configured ? Math.max(stage, 1) : 0;
  const skip = (
    <p>
      <a href="/">Skip setup for now</a>
      <span className="muted"> — everything here can be changed later in Settings.</span>
    </p>
  );
  return (
    <main className="page welcome">
      <PageHeader title="Set up app" />
      <ol className="welcome-steps" aria-label="Setup steps">
        {STEPS.map((title, index) => (
          <li key={title} aria-current={index === current ? 'step' : undefined}>
            {title}
          </li>
        ))}
      </ol>
      {current === 0 ? (
        <section aria-labelledby="welcome-step">
          <h2 id="welcome-step">Your product and LLM</h2>
          <p className="muted">
            The five answers <code>app init</code> asks for. The rest has safe defaults (every post waits for
            your approval).
          </p>
          <QuickstartForm
            status={status.data}
            onCreated={(result) => {
              writeStored(
                sessionStorage,
                RESTART,
                result.restart_required.map((r) => r.key),
              );
              setStage(1);
              void client.invalidateQueries({ queryKey: ['setup'] });
            }}
          />
        </section>
      ) : current === 1 ? (
        <section aria-labelledby="welcome-step">
          <h2 id="welcome-step">Connect your platform account</h2>
          <p className="muted">
            Sign in to the platform so the service can read and post for you. The callback URL registered with
            your platform app must be <code>{`${window.location.origin}${PLATFORM_CALLBACK_ROUTE}`}</code>.
          </p>
          <ConnectAccount />
          <Button variant="secondary" onClick={() => setStage(2)}>
            {status.data.platform.linked ? 'Continue' : 'Skip this step'}
          </Button>
        </section>
      ) : current === 2 ? (
        <section aria-labelledby="welcome-step">
          <h2 id="welcome-step">Test the LLM</h2>
          <p className="muted">
            One small generation with {status.data.llm.provider ?? 'the provider'} (
            {status.data.llm.model ?? 'its default model'}).
          </p>
          <TestLlm />
          <Button variant="secondary" onClick={() => setStage(3)}>
            Continue
          </Button>
        </section>
      ) : (
        <section aria-labelledby="welcome-step">
          <h2 id="welcome-step">Start writing</h2>
          <p>The service is set up. Draft Studio opens with a new draft.</p>
          <RestartNote />
          <Button onClick={() => newDraft.mutate(undefined)} disabled={newDraft.isPending}>
            Open Draft Studio
          </Button>
          {newDraft.error ? (
            <p role="alert" className="welcome-error">
              No draft was created: {(newDraft.error as Error).message}
            </p>
          ) : null}
        </section>
      )}
      {current < 3 ? skip : null}
    </main>
  );
}
