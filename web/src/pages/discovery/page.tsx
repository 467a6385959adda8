// The Discovery Feed page (/discovery): scored posts, best first, each with its per-signal breakdown;
// filters (lowest score, keyword, not yet answered) and paging kept in the URL; "Compose a reply" opens
// the side editor. The feed is what discovery stored, so it shows even when the platform or the LLM is down.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { ApiError } from '../../api-request.js';
import { navigate, useLocation } from '../../router.js';
import {
  discoveryUrl,
  type FeedFilters,
  type FeedItem,
  filtersFrom,
  loadFeed,
  loadKeywords,
  PAGE_SIZE,
} from './feed-api.js';
import { FeedPost } from './feed-post.js';
import { ModeNotice } from './mode-notice.js';
import { ReplyEditor } from './reply-editor.js';
import './discovery.css';
import { Button } from '../../ui/button.js';
import { EmptyState } from '../../ui/empty-state.js';
import { PageHeader } from '../../ui/page-header.js';
import { Toolbar } from '../../ui/toolbar.js';

function Filters({ filters, go }: { filters: FeedFilters; go: (next: FeedFilters) => void }) {
  const keywords = useQuery({ queryKey: ['discovery-keywords'], queryFn: loadKeywords, staleTime: 60_000 });
  const [score, setScore] = useState(filters.minScore === undefined ? '' : String(filters.minScore));
  const applyScore = () => {
    const value = score.trim() === '' ? undefined : Number(score);
    if (value !== undefined && !(value >= 0 && value <= 100)) return;
    if (value === filters.minScore) return;
    const { minScore: _drop, ...rest } = filters;
    go({ ...rest, ...(value === undefined ? {} : { minScore: value }), offset: 0 });
  };
  const known = keywords.data?.keywords ?? [];
  const options =
    filters.keyword && !known.some((k) => k.keyword === filters.keyword) ? [filters.keyword] : [];
  return (
    <form
      className="discovery-filters"
      aria-label="Filters"
      onSubmit={(event) => {
        event.preventDefault();
        applyScore();
      }}
    >
      <label>
        Minimum score
        <input
          type="number"
          min={0}
          max={100}
          step="any"
          inputMode="numeric"
          value={score}
          onChange={(event) => setScore(event.target.value)}
          onBlur={applyScore}
        />
      </label>
      <label>
        Keyword
        <select
          value={filters.keyword ?? ''}
          onChange={(event) => {
            const { keyword: _drop, ...rest } = filters;
            go({ ...rest, ...(event.target.value ? { keyword: event.target.value } : {}), offset: 0 });
          }}
        >
          <option value="">Any keyword</option>
          {known.map((k) => (
            <option key={k.keyword} value={k.keyword}>
              {`${k.keyword} (${k.source}, ${k.posts_found} found)`}
            </option>
          ))}
          {options.map((keyword) => (
            <option key={keyword} value={keyword}>
              {keyword}
            </option>
          ))}
        </select>
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={filters.unreplied}
          onChange={(event) => go({ ...filters, unreplied: event.target.checked, offset: 0 })}
        />
        Unreplied only
      </label>
      {keywords.error ? (
        <p className="error">The keywords cannot be read: {(keywords.error as Error).message}</p>
      ) : null}
    </form>
  );
}

export default function DiscoveryPage() {
  const { params } = useLocation();
  const filters = filtersFrom(params);
  const [replying, setReplying] = useState<FeedItem>();
  const [editorOpen, setEditorOpen] = useState(false);
  // The post's button that opened the side editor gets focus back when it closes (no Radix trigger here).
  const opener = useRef<HTMLElement | null>(null);
  const feed = useQuery({
    queryKey: ['discovery-feed', filters],
    queryFn: () => loadFeed(filters),
    placeholderData: keepPreviousData,
  });
  const go = (next: FeedFilters) => navigate(discoveryUrl(next));
  const items = feed.data?.items ?? [];
  const first = filters.offset + 1;
  return (
    <main className="page discovery">
      <PageHeader
        title="Discovery"
        description="Posts worth a reply, found and scored by the discovery loop."
      />
      <ModeNotice />
      <Filters key={String(filters.minScore)} filters={filters} go={go} />
      {feed.error ? (
        <p role="alert" className="error">
          The feed cannot be read: {(feed.error as ApiError).message}. Reload the page to try again.
        </p>
      ) : null}
      {feed.data && items.length === 0 ? (
        filters.offset > 0 || filters.minScore !== undefined || filters.keyword || filters.unreplied ? (
          <EmptyState title="No post matches these filters">Loosen a filter to see more.</EmptyState>
        ) : (
          <EmptyState title="No posts yet">
            Discovery has not stored any post yet: its loop searches the configured keywords one per turn.
          </EmptyState>
        )
      ) : null}
      {items.length > 0 ? (
        <>
          <p className="muted" aria-live="polite">
            Posts {first}–{filters.offset + items.length}, best score first
          </p>
          <ol className="feed" aria-label="Scored posts">
            {items.map((item) => (
              <FeedPost
                key={item.id}
                item={item}
                onReply={(post, button) => {
                  opener.current = button;
                  setReplying(post);
                  setEditorOpen(true);
                }}
              />
            ))}
          </ol>
        </>
      ) : null}
      {feed.data && (filters.offset > 0 || feed.data.next_offset !== null) ? (
        <Toolbar as="nav" label="Pages" className="pager">
          <Button
            variant="secondary"
            disabled={filters.offset === 0}
            onClick={() => go({ ...filters, offset: Math.max(0, filters.offset - PAGE_SIZE) })}
          >
            Previous page
          </Button>
          <Button
            variant="secondary"
            disabled={feed.data.next_offset === null}
            onClick={() => go({ ...filters, offset: feed.data?.next_offset ?? filters.offset })}
          >
            Next page
          </Button>
        </Toolbar>
      ) : null}
      <ReplyEditor
        item={replying}
        open={editorOpen}
        onClose={() => setEditorOpen(false)}
        returnFocus={() => opener.current}
      />
    </main>
  );
}
