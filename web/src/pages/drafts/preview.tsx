// The preview: each post as a card under the signed-in account's picture, name and handle (the app's theme,
// no link cards, no GIF toggle, no quote or poll previews), thread connectors between cards, and the media
// grid of the spec (1: 16:9; 2: 4:5 each; 3: left 2:3 and two 1:1 stacked, columns 4:3; 4: 2×2 1:1), images
// cover-cropped with a "cropped" badge when more than 30 % is hidden (core/domain/media-grid.ts). At most 4
// images per post.
import { memo, useState } from 'react';
import { gridSlots, showsCropBadge } from '../../../../src/core/domain/media-grid.js';
import { mediaFileUrl } from '../../bespoke-routes.js';
import { AccountIdentity } from '../../components/account-identity.js';
import { Card } from '../../ui/card.js';

export interface PreviewPost {
  text: string;
  media: string[];
}

const isVideo = (path: string) => /\.(mp4|mov|webm)$/i.test(path);

function Slot({ path, aspect, index }: { path: string; aspect: number; index: number }) {
  const [cropped, setCropped] = useState(false);
  return (
    <div className={`slot slot-${index}`} style={{ aspectRatio: String(aspect) }} data-aspect={aspect}>
      {isVideo(path) ? (
        // The poster frame: the first frame of the video, never playing in the preview.
        <video src={mediaFileUrl(path)} preload="metadata" muted aria-label="Video" />
      ) : (
        <img
          src={mediaFileUrl(path)}
          alt=""
          onLoad={(event) => {
            const image = event.currentTarget;
            setCropped(showsCropBadge(image.naturalWidth / image.naturalHeight, aspect));
          }}
        />
      )}
      {cropped ? <span className="media-note">cropped</span> : null}
    </div>
  );
}

function MediaGrid({ media }: { media: string[] }) {
  const slots = gridSlots(media.length);
  if (slots.length === 0) return null;
  return (
    <figure className={`grid grid-${slots.length}`} aria-label={`${slots.length} media`}>
      {slots.map((aspect, index) => (
        <Slot key={media[index]} path={media[index] as string} aspect={aspect} index={index} />
      ))}
    </figure>
  );
}

export const Preview = memo(function Preview({ posts }: { posts: PreviewPost[] }) {
  return (
    <section className="preview" aria-label="Preview">
      {posts.map((post, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: posts are shown in thread order; the position is the identity here.
        <div key={index}>
          {index > 0 ? <div className="connector" data-testid="connector" aria-hidden="true" /> : null}
          <Card as="article" className="post-card" aria-label={`Post ${index + 1} preview`}>
            <header>
              <AccountIdentity meta="now" />
            </header>
            <p className="post-text" dir="auto">
              {post.text || <span className="muted">Empty post</span>}
            </p>
            <MediaGrid media={post.media} />
          </Card>
        </div>
      ))}
    </section>
  );
});
