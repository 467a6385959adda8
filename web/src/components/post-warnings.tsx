// What the server warned of when a post was composed, scheduled, published or approved: it repeats (or nearly
// repeats) a post of the last 30 days or one waiting to go out, named in the message. The post went on its
// way all the same (only an agent's or a loop's repeat is refused); the person may edit or unschedule it.
import type { PostWarning } from '../../../src/contracts/post-warnings.js';

export function PostWarnings({ warnings }: { warnings: readonly PostWarning[] | undefined }) {
  if (!warnings?.length) return null;
  return (
    <div role="status" aria-live="polite" className="post-warnings">
      {warnings.map((warning) => (
        <p key={warning.message}>Similar to an earlier post: {warning.message}.</p>
      ))}
    </div>
  );
}
