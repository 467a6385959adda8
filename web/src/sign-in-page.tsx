// Signing in with the dashboard passphrase, or (first run, on this machine) choosing it.
import { useState } from 'react';
import { ApiError } from './api-request.js';
import { signIn } from './session.js';
import { Button } from './ui/button.js';

export function SignInPage({
  firstRun,
  onSignedIn,
}: {
  firstRun: boolean;
  /** Resolves once the app knows the new session (then the app opens the `next` page). */
  onSignedIn: () => Promise<unknown>;
}) {
  const [passphrase, setPassphrase] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const title = firstRun ? 'Choose a dashboard passphrase' : 'Sign in';
  return (
    <main className="sign-in">
      <h1>{title}</h1>
      {firstRun ? (
        <p>No passphrase is set yet. Choose one (at least 12 characters); you sign in with it from now on.</p>
      ) : null}
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          setBusy(true);
          setError(undefined);
          try {
            await signIn(firstRun ? 'setup' : 'login', passphrase);
            await onSignedIn();
          } catch (caught) {
            setError(caught instanceof ApiError ? caught.message : String(caught));
          } finally {
            setBusy(false);
          }
        }}
      >
        <label htmlFor="passphrase">Passphrase</label>
        <input
          id="passphrase"
          type="password"
          autoComplete={firstRun ? 'new-password' : 'current-password'}
          value={passphrase}
          minLength={firstRun ? 12 : 1}
          required
          onChange={(event) => setPassphrase(event.target.value)}
        />
        <Button type="submit" disabled={busy}>
          {firstRun ? 'Set passphrase' : 'Sign in'}
        </Button>
        {error ? (
          <p role="alert" aria-live="polite" className="error">
            {error}
          </p>
        ) : null}
      </form>
    </main>
  );
}
