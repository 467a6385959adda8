// What discovery may do in the current operating mode (spec: Operating mode, Loop activity by mode) and
// whether its loop reached the platform last time. In composer the loop only scores posts for this feed
// and queues nothing; a person's reply from here always waits in the approval queue (composer forces it).
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api.js';

export const loadStatus = () => api.runtime.status();

export function useRuntimeStatus() {
  return useQuery({ queryKey: ['runtime-status'], queryFn: loadStatus, staleTime: 15_000 });
}

export function ModeNotice() {
  const status = useRuntimeStatus();
  if (status.error)
    return (
      <p role="alert" className="error">
        The service's status cannot be read ({(status.error as Error).message}); the mode and the discovery
        loop's state are unknown.
      </p>
    );
  if (!status.data) return null;
  const { mode, approval_mode: approval } = status.data;
  const loop = status.data.loops.find((l) => l.name === 'discovery');
  return (
    <section aria-label="Discovery mode" className="discovery-mode">
      {mode === 'composer' ? (
        <p>
          <strong>Composer mode: discovery is read-only.</strong> The discovery loop only scores posts for
          this feed; it writes and queues no replies. You can write a reply yourself: it goes to the approval
          queue and is posted only once approved.
        </p>
      ) : (
        <p>
          <strong>Autopilot.</strong> The discovery loop replies to the best posts by itself
          {approval ? ', each reply waiting in the approval queue' : ' within the caps and guards'}. A reply
          you queue here always waits in the approval queue.
        </p>
      )}
      {loop?.last_outcome === 'error' ? (
        <p role="alert" className="error">
          The last discovery search failed: {loop.last_error ?? 'no reason given'}. The feed shows what
          earlier searches found.
        </p>
      ) : null}
      {loop?.paused && loop.paused !== 'mode' ? (
        <p className="muted">
          The discovery loop is paused: {loop.paused_reason ?? loop.paused.replace('_', ' ')}.
        </p>
      ) : null}
    </section>
  );
}
