// The signed-in account's profile as the dashboard shows it: the kept row while it is fresh and belongs to the
// login, else one platform read (users/me, then the picture) that every caller of the moment shares. No
// login, or a platform that cannot be reached, never fails the answer: it is the kept row or a placeholder.
import type { AccountProfile, ProfilePicture } from '../../../contracts/account-profile.js';
import type { User } from '../../../contracts/social.js';
import { pictureCandidates, profileNeedsRead } from '../../domain/profile-picture-url.js';
import { isAppError } from '../../errors.js';
import type {
  AccountProfileStore,
  KeptAccountProfile,
  ProfilePictureSource,
} from '../../ports/account-profile-store.js';
import type { Clock } from '../../ports/clock.js';
import type { Log } from '../../ports/log.js';

export interface AccountLogin {
  /** A usable login exists (the scraper backend needs none). */
  connected: boolean;
  /** Whose login it is, when the login recorded it. */
  userId?: string;
}

export interface AccountProfileDeps {
  store: AccountProfileStore;
  pictures: ProfilePictureSource;
  /** users/me through the platform client, so the read is on the bill like every other. */
  readMe(): Promise<User>;
  login(): AccountLogin;
  clock: Clock;
  log: Log;
  /** After a failed read, the platform is left alone this long (default a minute). */
  retryAfterMs?: number;
}

export interface AccountProfiles {
  /** The profile to show; reads the platform first when the kept one is stale or another account's. */
  read(): Promise<AccountProfile>;
  /** The kept picture of the account signed in now. */
  picture(): Promise<ProfilePicture | undefined>;
}

const PLACEHOLDER = {
  user_id: null,
  display_name: null,
  username: null,
  has_picture: false,
  fetched_at: null,
};

/** Keeps the single in-flight read and the quiet time after a failure, so a burst of calls asks once. */
export function createAccountProfiles(deps: AccountProfileDeps): AccountProfiles {
  let inflight: Promise<KeptAccountProfile | undefined> | undefined;
  let quietUntil = 0;

  /** The kept row when it is the login's account (never another account's name under this login). */
  const usable = async (login: AccountLogin): Promise<KeptAccountProfile | undefined> => {
    const kept = await deps.store.read();
    return kept && (login.userId === undefined || kept.user_id === login.userId) ? kept : undefined;
  };

  const download = async (url: string): Promise<ProfilePicture | null> => {
    for (const candidate of pictureCandidates(url)) {
      const picture = await deps.pictures.download(candidate);
      if (picture) return picture;
    }
    return null;
  };

  const readPlatform = async (): Promise<KeptAccountProfile | undefined> => {
    const kept = await deps.store.read();
    const me = await deps.readMe();
    const url = me.profile_image_url ?? null;
    // The platform gives a changed picture a new URL: the same URL for the same account is the same bytes.
    const same = kept?.user_id === me.id && kept.picture_url === url && kept.has_picture;
    await deps.store.save({
      user_id: me.id,
      username: me.username,
      display_name: me.name,
      picture_url: url,
      picture: same ? 'keep' : url ? await download(url) : null,
      fetched_at: deps.clock.now(),
    });
    return deps.store.read();
  };

  const shared = (): Promise<KeptAccountProfile | undefined> => {
    inflight ??= readPlatform()
      .catch((error: unknown) => {
        quietUntil = deps.clock.now().getTime() + (deps.retryAfterMs ?? 60_000);
        deps.log.warn(
          { code: isAppError(error) ? error.code : 'internal', error: (error as Error).message },
          'account profile: the platform could not be read; showing the kept profile or a placeholder',
        );
        return undefined;
      })
      .finally(() => {
        inflight = undefined;
      });
    return inflight;
  };

  return {
    async read() {
      const login = deps.login();
      const now = deps.clock.now();
      const due =
        login.connected &&
        now.getTime() >= quietUntil &&
        profileNeedsRead(await deps.store.read(), now, login.userId);
      const kept = due ? ((await shared()) ?? (await usable(login))) : await usable(login);
      if (!kept) return { connected: login.connected, ...PLACEHOLDER };
      return {
        connected: login.connected,
        user_id: kept.user_id,
        display_name: kept.display_name,
        username: kept.username,
        has_picture: kept.has_picture,
        fetched_at: kept.fetched_at.toISOString(),
      };
    },
    async picture() {
      return (await usable(deps.login()))?.has_picture ? deps.store.picture() : undefined;
    },
  };
}
