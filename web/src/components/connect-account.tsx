// Connect account: the platform's OAuth 2.0 PKCE login from the browser. The consent page opens in a popup
// (opened inside the click, so the browser counts it as the user's); the server's callback page tells this
// window at this origin only. A blocked popup leaves a link that continues in the same tab.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../api.js';
import type { ApiError } from '../api-request.js';
import './connect-account.css';
import { Button } from '../ui/button.js';

export const PLATFORM_STATUS_KEY = ['setup', 'platform'] as const;

type CallbackMessage =
  | { type: 'platform_linked'; username: string; user_id: string }
  | { type: 'platform_link_failed'; error: string };

export function ConnectAccount({ onLinked }: { onLinked?: (username: string) => void }) {
  const client = useQueryClient();
  const status = useQuery({
    queryKey: PLATFORM_STATUS_KEY,
    queryFn: () => api.platformAuth.status(),
  });
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [continueUrl, setContinueUrl] = useState<string>();

  useEffect(() => {
    const listener = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const data = event.data as Partial<CallbackMessage> | null;
      if (data?.type === 'platform_linked') {
        setContinueUrl(undefined);
        setProblem(undefined);
        setNote(`Connected as @${data.username}.`);
        void client.invalidateQueries({ queryKey: ['setup'] });
        onLinked?.(data.username ?? '');
      } else if (data?.type === 'platform_link_failed') {
        setContinueUrl(undefined);
        setNote(undefined);
        setProblem(`The account was not connected: ${data.error}`);
      }
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [client, onLinked]);

  const connect = async () => {
    setBusy(true);
    setProblem(undefined);
    setNote(undefined);
    const popup = window.open('', 'app-platform-login', 'popup,width=520,height=720');
    try {
      const started = await api.platformAuth.start({ base_url: window.location.origin });
      if (!popup || popup.closed) setContinueUrl(started.authorization_url);
      else {
        popup.location.href = started.authorization_url;
        setNote('Finish signing in to the platform in the window that opened.');
      }
    } catch (error) {
      popup?.close();
      setProblem(`Cannot start connecting: ${(error as ApiError).message}`);
    } finally {
      setBusy(false);
    }
  };

  const login = status.data;
  return (
    <div className="connect-account">
      {status.error ? (
        <p role="alert" className="connect-error">
          The login status cannot be read: {(status.error as Error).message}
        </p>
      ) : null}
      {login?.linked ? (
        <p>
          Connected as <strong>@{login.username ?? login.user_id}</strong>
          {login.message ? ` (${login.message})` : ''}.
        </p>
      ) : login ? (
        <p className="muted">No platform account is connected yet.</p>
      ) : null}
      <Button onClick={() => void connect()} disabled={busy}>
        {login?.linked ? 'Connect another account' : 'Connect account'}
      </Button>
      <p role="status" className="muted">
        {note}
      </p>
      {continueUrl ? (
        <p role="alert">
          The browser blocked the sign-in window. <a href={continueUrl}>Continue signing in in this tab</a>.
          The platform brings you back here.
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="connect-error">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
