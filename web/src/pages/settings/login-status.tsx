// The platform account as the running service sees it (the runtime status), and Connect account: the
// platform's OAuth login from the browser (the same one the first-run wizard uses; `app auth` does it in a
// terminal).
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api.js';
import { ConnectAccount } from '../../components/connect-account.js';
import { Card } from '../../ui/card.js';

export function LoginStatus() {
  const status = useQuery({
    queryKey: ['settings', 'runtime'],
    queryFn: () => api.runtime.status(),
  });
  return (
    <Card title="Platform account" headingId="section-platform-account" className="settings-section">
      {status.error ? (
        <p role="alert" className="setting-error">
          The login status cannot be read: {(status.error as Error).message}
        </p>
      ) : null}
      {status.data ? (
        <p>
          {status.data.can_post
            ? `Signed in: the service can post (backend ${status.data.provider_backend}).`
            : `The service cannot post now (backend ${status.data.provider_backend}): no login that may write.`}
        </p>
      ) : null}
      <ConnectAccount onLinked={() => void status.refetch()} />
      <p className="muted">
        Or run <code>app auth</code> in a terminal on this machine.
      </p>
    </Card>
  );
}
