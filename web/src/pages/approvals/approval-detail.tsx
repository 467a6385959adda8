// One approval item in full: who queued it, the post it answers, score, risks, media, its text (editable
// while pending, with the edit history), and the review actions.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { mediaFileUrl } from '../../bespoke-routes.js';
import { Button } from '../../ui/button.js';
import { Toolbar } from '../../ui/toolbar.js';
import { type ApprovalItem, isContent, loadHistory, sourceLabel } from './approvals-api.js';
import { formatTime } from './format.js';

const IMAGE = /\.(jpe?g|png|webp|gif)$/i;

function EditHistory({ item }: { item: ApprovalItem }) {
  const history = useQuery({
    queryKey: ['approvals', 'history', item.id, item.updated_at],
    queryFn: () => loadHistory(item.id),
  });
  if (history.error)
    return <p className="error">The edit history cannot be read: {(history.error as Error).message}</p>;
  if (!history.data) return null;
  return (
    <section className="approval-history" aria-labelledby="approval-history-title">
      <h3 id="approval-history-title">Edit history</h3>
      {history.data.items.length === 0 ? (
        <p className="muted">Not edited since it was queued.</p>
      ) : (
        <ol>
          {history.data.items.map((edit) => (
            <li key={edit.id}>
              <p>
                {sourceLabel(edit.editor)} changed {edit.field === 'content' ? 'the text' : edit.field} on{' '}
                {formatTime(edit.created_at)}
              </p>
              <p className="history-old">
                <span className="visually-hidden">Before: </span>
                {edit.old_value}
              </p>
              <p className="history-new">
                <span className="visually-hidden">After: </span>
                {edit.new_value}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export interface ApprovalDetailProps {
  item: ApprovalItem;
  editing: boolean;
  setEditing(editing: boolean): void;
  busy: boolean;
  error: string | undefined;
  onApprove(): void;
  onReject(): void;
  onSave(content: string): void;
}

export function ApprovalDetail(props: ApprovalDetailProps) {
  const { item, editing, busy } = props;
  const [text, setText] = useState(item.content);
  const editor = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (editing) {
      setText(item.content);
      editor.current?.focus();
    }
  }, [editing, item.content]);
  const pending = item.status === 'pending';
  const editable = pending && isContent(item);
  return (
    <section className="approval-detail" aria-labelledby="approval-detail-title">
      <h2 id="approval-detail-title">
        {item.action_type} #{item.id}
      </h2>
      <dl className="approval-facts">
        <dt>Source</dt>
        <dd>{sourceLabel(item.actor)}</dd>
        <dt>Status</dt>
        <dd>{item.status === 'posting' ? 'approved, posting now' : item.status}</dd>
        {item.target_tweet_id ? (
          <>
            <dt>Replying to</dt>
            <dd>
              {item.target_author_username ? `@${item.target_author_username}, ` : ''}
              <a href={`https://x.com/i/status/${item.target_tweet_id}`} target="_blank" rel="noreferrer">
                post {item.target_tweet_id}
              </a>
            </dd>
          </>
        ) : null}
        <dt>Score</dt>
        <dd>{item.score === null ? 'not scored' : Math.round(item.score)}</dd>
        <dt>Queued</dt>
        <dd>{formatTime(item.created_at)}</dd>
        {item.scheduled_for ? (
          <>
            <dt>Scheduled for</dt>
            <dd>{formatTime(item.scheduled_for)}</dd>
          </>
        ) : null}
        {item.expires_at && pending ? (
          <>
            <dt>Expires</dt>
            <dd>{formatTime(item.expires_at)}</dd>
          </>
        ) : null}
        {item.reviewed_by ? (
          <>
            <dt>Reviewed by</dt>
            <dd>
              {sourceLabel(item.reviewed_by)} on {formatTime(item.reviewed_at)}
            </dd>
          </>
        ) : null}
        {item.review_notes ? (
          <>
            <dt>Note</dt>
            <dd>{item.review_notes}</dd>
          </>
        ) : null}
        {item.error_message && item.status === 'failed' ? (
          <>
            <dt>Failure</dt>
            <dd className="error">
              {item.error_code ? `${item.error_code}: ` : ''}
              {item.error_message}
            </dd>
          </>
        ) : item.error_message ? (
          // Approved and not out yet: held for the account's pacing, the active hours or a rate limit.
          <>
            <dt>Waiting</dt>
            <dd>{item.error_message}</dd>
          </>
        ) : null}
      </dl>
      {item.reason || item.detected_risks.length > 0 ? (
        <div className="approval-risks">
          <h3>Why it waits for a person</h3>
          {item.reason ? <p>{item.reason}</p> : null}
          {item.detected_risks.length > 0 ? (
            <ul aria-label="Risks">
              {item.detected_risks.map((risk) => (
                <li key={risk}>{risk}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {editing ? (
        <form
          className="approval-edit"
          onSubmit={(event) => {
            event.preventDefault();
            props.onSave(text);
          }}
        >
          <label className="approval-field">
            {item.action_type === 'thread' ? 'Text (cards separated by a blank line)' : 'Text'}
            <textarea ref={editor} value={text} rows={6} onChange={(event) => setText(event.target.value)} />
          </label>
          <Toolbar label="Edit">
            <Button type="submit" disabled={busy}>
              Save edit
            </Button>
            <Button variant="secondary" onClick={() => props.setEditing(false)}>
              Cancel
            </Button>
          </Toolbar>
        </form>
      ) : (
        <blockquote className="approval-text">
          {item.content || `${item.tool_name ?? item.action_type}`}
        </blockquote>
      )}
      {item.media_paths.length > 0 ? (
        <ul className="approval-media" aria-label="Media">
          {item.media_paths.map((path, index) => {
            const url = mediaFileUrl(path);
            return (
              <li key={path}>
                {IMAGE.test(path) ? (
                  <img src={url} alt={`Attachment ${index + 1} of ${item.media_paths.length}`} />
                ) : (
                  <a href={url}>Attached video {index + 1}</a>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      {pending ? (
        <Toolbar label="Review">
          <Button onClick={props.onApprove} disabled={busy}>
            Approve
          </Button>
          <Button variant="danger" onClick={props.onReject} disabled={busy}>
            Reject…
          </Button>
          {editable && !editing ? (
            <Button variant="secondary" onClick={() => props.setEditing(true)} disabled={busy}>
              Edit
            </Button>
          ) : null}
        </Toolbar>
      ) : null}
      {props.error ? (
        <p role="alert" className="error">
          {props.error}
        </p>
      ) : null}
      {isContent(item) ? <EditHistory item={item} /> : null}
    </section>
  );
}
