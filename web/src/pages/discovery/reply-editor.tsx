// The side editor of a reply to a discovered post (a Radix dialog drawn as a drawer: focus trap, Escape,
// focus back to the post's button): the LLM's draft from compose-reply, editable, counted with the same
// weightedLength the studio and the server use; "Queue reply" sends it through queue-reply and says what
// happened — queued for approval, or refused by a guard with its reason. With the LLM down the error is
// said and the person can still write the reply by hand.

import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { weightedLength } from '../../../../src/core/domain/weighted-length.js';
import type { ApiError } from '../../api-request.js';
import { OverLimit } from '../../components/over-limit.js';
import { Button } from '../../ui/button.js';
import { Toolbar } from '../../ui/toolbar.js';
import { pageAt } from '../registry.js';
import { composeReply, type FeedItem, queueReply } from './feed-api.js';

const handle = (item: FeedItem) => (item.author_username ? `@${item.author_username}` : 'this post');

/** A refusal in words: the guard's own message, with what kind of refusal it was. */
function refusal(error: ApiError): string {
  if (error.offline) return `The server cannot be reached: ${error.message}. Nothing was queued.`;
  if (error.code === 'not_found') return `This post is no longer in the Discovery Feed: ${error.message}.`;
  return `Refused by a guard: ${error.message}. Nothing was queued.`;
}

export function ReplyEditor({
  item,
  open,
  onClose,
  returnFocus,
}: {
  /** The post replied to (kept while the editor closes). */
  item: FeedItem | undefined;
  open: boolean;
  onClose: () => void;
  /** Where focus goes back when the editor closes. */
  returnFocus: () => HTMLElement | null;
}) {
  return (
    <Dialog.Root open={open && item !== undefined} onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content
          className="drawer reply-drawer"
          aria-describedby="reply-target"
          onCloseAutoFocus={(event) => {
            const target = returnFocus();
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          {item ? <ReplyDrawer key={item.id} item={item} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ReplyDrawer({ item }: { item: FeedItem }) {
  const client = useQueryClient();
  const [text, setText] = useState('');
  const compose = useMutation({ mutationFn: () => composeReply(item.id), onSuccess: (d) => setText(d.text) });
  const queue = useMutation({
    mutationFn: () => queueReply(item.id, text),
    onSuccess: () => client.invalidateQueries({ queryKey: ['discovery-feed'] }),
  });
  const start = compose.mutate;
  useEffect(() => start(), [start]);
  const length = weightedLength(text);
  const composeError = compose.error as ApiError | null;
  const guard = compose.data && !compose.data.ready_to_queue ? compose.data.guard : undefined;
  const approvals = pageAt('/approvals');
  return (
    <>
      <Dialog.Title>Reply to {handle(item)}</Dialog.Title>
      <blockquote id="reply-target" className="reply-target">
        {item.content}
      </blockquote>
      {compose.isPending ? <div className="skeleton" aria-hidden="true" /> : null}
      {composeError ? (
        <p role="alert" className="error">
          The LLM could not write a draft ({composeError.message}). Write the reply yourself, or try again
          once the LLM is reachable.
        </p>
      ) : null}
      {guard ? (
        <p role="status" className="warn">
          The guards would refuse this reply now: {guard.message}
        </p>
      ) : null}
      {compose.isPending ? null : (
        <form
          className="reply-form"
          onSubmit={(event) => {
            event.preventDefault();
            queue.mutate();
          }}
        >
          <label htmlFor="reply-text">Reply text</label>
          <textarea
            id="reply-text"
            rows={6}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (!queue.isPending) queue.reset();
            }}
          />
          <OverLimit length={length} what="The reply" />
          <p className={length > 280 ? 'counter over' : 'counter'} aria-live="polite">
            {length} / 280
          </p>
          <Toolbar label="Reply actions" end className="dialog-buttons">
            <Button variant="secondary" onClick={() => compose.mutate()}>
              {composeError ? 'Try the LLM again' : 'Write another draft'}
            </Button>
            <Button type="submit" disabled={queue.isPending || queue.isSuccess || text.trim() === ''}>
              Queue reply
            </Button>
          </Toolbar>
        </form>
      )}
      <div aria-live="polite">
        {queue.isSuccess ? (
          <p role="status">
            Queued for approval as item {queue.data.approval_queue_id}: nothing is posted until it is
            approved.
            {approvals ? (
              <>
                {' '}
                <a href={approvals.path}>Open the approval queue</a>
              </>
            ) : null}
          </p>
        ) : null}
      </div>
      {queue.error ? (
        <p role="alert" className="error">
          {refusal(queue.error as ApiError)}
        </p>
      ) : null}
      <Dialog.Close asChild>
        <Button variant="secondary" icon={X} className="drawer-close">
          Close
        </Button>
      </Dialog.Close>
    </>
  );
}
