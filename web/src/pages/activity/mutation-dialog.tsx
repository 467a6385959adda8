// One audited mutation in a dialog: who asked, what the policy decided, what happened, the parameters and
// result in full, how to undo it (never run automatically) and the error, with its timing.
import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api.js';
import { Button } from '../../ui/button.js';
import { Toolbar } from '../../ui/toolbar.js';

const json = (value: unknown) => JSON.stringify(value, null, 2);

export function MutationDialog({
  correlationId,
  when,
  onClose,
  returnTo,
}: {
  correlationId: string;
  when: (iso: string) => string;
  onClose: () => void;
  /** Where focus goes back on close (the row's button); Radix's default is the body without a trigger. */
  returnTo?: HTMLElement | null;
}) {
  const detail = useQuery({
    queryKey: ['activity', 'mutation', correlationId],
    queryFn: () => api.getMutationDetail(correlationId),
  });
  const d = detail.data;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content
          className="dialog ac-detail"
          onCloseAutoFocus={(event) => {
            if (!returnTo?.isConnected) return;
            event.preventDefault();
            returnTo.focus();
          }}
        >
          <Dialog.Title>{d ? `Mutation ${d.tool_name}` : 'Mutation'}</Dialog.Title>
          <Dialog.Description className="muted">Correlation id {correlationId}</Dialog.Description>
          {detail.error && (
            <p role="alert" className="error">
              Could not read this mutation: {(detail.error as Error).message}. Close and try again.
            </p>
          )}
          {d && (
            <>
              <dl className="ac-facts">
                <dt>Actor</dt>
                <dd>{d.actor}</dd>
                <dt>Policy decision</dt>
                <dd>{d.policy_decision ?? 'none'}</dd>
                <dt>Outcome</dt>
                <dd>{d.status}</dd>
                <dt>Started</dt>
                <dd>{when(d.created_at)}</dd>
                <dt>Finished</dt>
                <dd>{d.completed_at ? when(d.completed_at) : 'not finished'}</dd>
                <dt>Took</dt>
                <dd>{d.elapsed_ms === null ? '—' : `${d.elapsed_ms} ms`}</dd>
              </dl>
              {(d.error_code || d.error_message) && (
                <section aria-label="Error">
                  <h3>Error</h3>
                  <p>
                    {d.error_code && <code>{d.error_code}</code>} {d.error_message}
                  </p>
                </section>
              )}
              <section aria-label="Parameters">
                <h3>Parameters</h3>
                <pre>{json(d.params)}</pre>
              </section>
              <section aria-label="Result">
                <h3>Result</h3>
                {d.result === null ? (
                  <p className="muted">No result recorded.</p>
                ) : (
                  <pre>{json(d.result)}</pre>
                )}
              </section>
              <section aria-label="Rollback">
                <h3>How to undo it</h3>
                {d.rollback === null ? (
                  <p className="muted">No rollback guidance for this mutation.</p>
                ) : (
                  <pre>{json(d.rollback)}</pre>
                )}
              </section>
            </>
          )}
          <Toolbar label="Dialog actions" end className="dialog-buttons">
            <Dialog.Close asChild>
              <Button>Close</Button>
            </Dialog.Close>
          </Toolbar>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
