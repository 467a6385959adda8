// The media of one post (a post, or one thread card): thumbnails with Remove, and adding files by the
// picker, by dropping them on the slot, or by pasting an image into the post's text (text paste is left to
// the browser). The spec's rules are checked before uploading (at most 4 images; a GIF or a video alone;
// size limits) with the same code the server uses; an upload the server refuses says why.
import { ImagePlus, X } from 'lucide-react';
import { useState } from 'react';
import type { MediaKind } from '../../../../src/contracts/social.js';
import { checkMediaSet, type MediaItem, mediaKindOf } from '../../../../src/core/domain/media-rules.js';
import { upload } from '../../api-request.js';
import { MEDIA_UPLOAD_ROUTE, mediaFileUrl } from '../../bespoke-routes.js';
import { IconButton } from '../../ui/button.js';

const kindOfPath = (path: string): MediaKind =>
  /\.gif$/i.test(path) ? 'gif' : /\.(mp4|mov)$/i.test(path) ? 'video' : 'image';

/** What would be wrong with adding these files to the post's media, or undefined. */
export function problemWithAdding(current: readonly string[], files: readonly File[]): string | undefined {
  const items: MediaItem[] = current.map((path) => ({ kind: kindOfPath(path), sizeBytes: 0, name: path }));
  for (const file of files) {
    const kind = mediaKindOf(file.type);
    if (!kind) return `${file.name || 'this file'} is not a supported image, GIF or MP4 video`;
    items.push({ kind, sizeBytes: file.size, name: file.name || 'the pasted image' });
  }
  return checkMediaSet(items)[0]?.message;
}

export function MediaSlot({
  label,
  media,
  onChange,
  registerPaste,
}: {
  /** "post" or "post 2": names the controls. */
  label: string;
  media: string[];
  onChange: (media: string[]) => void;
  /** Hands the slot's file adder to the textarea's paste handler. */
  registerPaste?: (add: (files: File[]) => void) => void;
}) {
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const add = async (files: File[]) => {
    if (files.length === 0) return;
    const wrong = problemWithAdding(media, files);
    if (wrong) {
      setProblem(wrong);
      return;
    }
    setProblem(undefined);
    setBusy(true);
    try {
      const paths: string[] = [];
      for (const file of files) paths.push((await upload<{ path: string }>(MEDIA_UPLOAD_ROUTE, file)).path);
      onChange([...media, ...paths]);
    } catch (error) {
      setProblem(`upload failed: ${(error as Error).message}`);
    } finally {
      setBusy(false);
    }
  };
  registerPaste?.((files) => void add(files));
  return (
    <fieldset
      className="media-slot"
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        event.preventDefault();
        void add([...event.dataTransfer.files]);
      }}
    >
      <legend className="visually-hidden">Media of {label}</legend>
      {media.length ? (
        <ul className="thumbs">
          {media.map((path, index) => (
            <li key={path}>
              {kindOfPath(path) === 'video' ? (
                <span className="muted">video</span>
              ) : (
                <img src={mediaFileUrl(path)} alt={`Media ${index + 1} of ${label}`} />
              )}
              <IconButton
                size="sm"
                icon={X}
                label={`Remove media ${index + 1} of ${label}`}
                onClick={() => onChange(media.filter((p) => p !== path))}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <label className="add-media">
        {/* Seen: "Add media"; heard (the input's name): "Add media to post 2". */}
        {busy ? (
          'Uploading…'
        ) : (
          <span>
            <ImagePlus aria-hidden="true" size={16} />
            Add media<span className="visually-hidden"> to {label}</span>
          </span>
        )}
        <input
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp,image/gif,video/mp4"
          onChange={(event) => {
            void add([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </label>
      <p role="alert" aria-live="polite" className="error">
        {problem ?? ''}
      </p>
    </fieldset>
  );
}

/** A paste handler for a post's textarea: only a paste carrying files is taken; text paste is the browser's. */
export function pasteFiles(event: React.ClipboardEvent, add: ((files: File[]) => void) | undefined): void {
  const files = [...event.clipboardData.files];
  if (files.length === 0 || !add) return;
  event.preventDefault();
  add(files);
}
