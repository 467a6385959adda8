// The signed-in account as the author of a post in a preview: its picture (served by this server, never the
// platform's image host), display name (one line, cut with an ellipsis, whole in the title) and @handle, read
// once per session. Until it is known, and when it never is (no login, the platform unreachable), a neutral
// avatar and "Your account".
import { useQuery } from '@tanstack/react-query';
import User from 'lucide-react/icons/user';
import { memo, useState } from 'react';
import { api } from '../api.js';
import { accountPictureUrl } from '../bespoke-routes.js';
import './account-identity.css';

/** Under `setup`: a new platform login (Connect account invalidates ['setup']) reads the profile again. */
export const ACCOUNT_PROFILE_KEY = ['setup', 'account-profile'] as const;

/** The profile, once per session; a placeholder answer (nothing known yet) is asked again after a minute. */
export function useAccountProfile() {
  return useQuery({
    queryKey: ACCOUNT_PROFILE_KEY,
    queryFn: () => api.account.profile(),
    staleTime: (query) => (query.state.data?.display_name == null ? 60_000 : Number.POSITIVE_INFINITY),
  });
}

/** The account's avatar, name and handle; `meta` follows the handle (`@handle · now`). */
export const AccountIdentity = memo(function AccountIdentity({ meta }: { meta?: string }) {
  const profile = useAccountProfile();
  const [broken, setBroken] = useState<string>();
  const data = profile.data;
  const known = data?.display_name || (data?.username ? `@${data.username}` : undefined);
  // While the first answer is on its way the line keeps its height, without claiming a name.
  const name = known ?? (profile.isPending ? '\u00a0' : 'Your account');
  const picture = data?.has_picture && data.fetched_at ? accountPictureUrl(data.fetched_at) : undefined;
  const handle = [data?.username ? `@${data.username}` : undefined, meta].filter(Boolean).join(' · ');
  return (
    <div className="account-identity">
      {picture && picture !== broken ? (
        // The name is beside it: the picture adds nothing for a screen reader.
        <img
          className="account-avatar"
          src={picture}
          alt=""
          width={40}
          height={40}
          onError={() => setBroken(picture)}
        />
      ) : (
        <span className="account-avatar account-avatar-none" aria-hidden="true">
          {known ? initial(known) : <User size={22} strokeWidth={1.75} />}
        </span>
      )}
      <span className="account-names">
        <strong className="account-name" title={known}>
          {name}
        </strong>
        {handle ? <span className="account-handle muted">{handle}</span> : null}
      </span>
    </div>
  );
});

/** The first letter of a name (a whole emoji or accented letter, never half of one). */
function initial(name: string): string {
  const first = [...new Intl.Segmenter().segment(name.replace(/^@/, ''))][0]?.segment ?? '';
  return first.toLocaleUpperCase();
}
