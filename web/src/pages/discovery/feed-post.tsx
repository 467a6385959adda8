// One scored post of the Discovery Feed: author, text, when it was posted, a link to it on the platform,
// its score, and the per-signal breakdown as a table (points, maximum and the scorer's reason per signal).
import { MessageSquareReply } from 'lucide-react';
import { Badge } from '../../ui/badge.js';
import { Button } from '../../ui/button.js';
import { Card } from '../../ui/card.js';
import { type FeedItem, postLink, signalRows } from './feed-api.js';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function FeedPost({
  item,
  onReply,
}: {
  item: FeedItem;
  /** Opens the side editor; the button is where focus returns when it closes. */
  onReply: (item: FeedItem, opener: HTMLElement) => void;
}) {
  const author = item.author_username ? `@${item.author_username}` : 'Unknown author';
  const rows = signalRows(item.score_breakdown);
  const headingId = `post-${item.id}`;
  const matched = item.score_breakdown.matched_keywords;
  return (
    <li>
      <Card as="article" aria-labelledby={headingId}>
        <header className="feed-post-head">
          <h2 id={headingId}>{`Post by ${author}`}</h2>
          <Badge tone="accent">Score {Math.round(item.relevance_score)}</Badge>
        </header>
        <p className="post-body">{item.content}</p>
        <p className="muted feed-meta">
          {item.posted_at ? (
            <>
              Posted <time dateTime={item.posted_at}>{when(item.posted_at)}</time>
            </>
          ) : (
            <>
              Found <time dateTime={item.discovered_at}>{when(item.discovered_at)}</time>
            </>
          )}
          {item.matched_keyword ? ` · keyword “${item.matched_keyword}”` : ''}
          {` · ${item.like_count} likes, ${item.reply_count} replies`}
          {item.replied_to ? ' · ' : ''}
          {item.replied_to ? <strong>Replied</strong> : null}
          {' · '}
          <a href={postLink(item)} target="_blank" rel="noreferrer">
            Open post<span className="visually-hidden"> by {author} on the platform</span>
          </a>
        </p>
        {rows.length > 0 ? (
          <table className="breakdown">
            <caption>
              Score breakdown for {author}
              {Array.isArray(matched) && matched.length > 0 ? ` (matched: ${matched.join(', ')})` : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col">Signal</th>
                <th scope="col">Points</th>
                <th scope="col">Why</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.name}>
                  <th scope="row">{row.name}</th>
                  <td>
                    {row.score} / {row.max}
                  </td>
                  <td>{row.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="muted">No breakdown was stored for this post.</p>
        )}
        <Button icon={MessageSquareReply} onClick={(event) => onReply(item, event.currentTarget)}>
          Compose a reply<span className="visually-hidden"> to {author}</span>
        </Button>
      </Card>
    </li>
  );
}
