// Where the signed-in account's profile is kept between platform reads (one row per account), and where its
// picture comes from: a download that fetches only what the picture rules allow and answers nothing otherwise.
import type { ProfilePicture } from '../../contracts/account-profile.js';

export interface KeptAccountProfile {
  user_id: string;
  username: string;
  display_name: string;
  /** Where the kept picture came from (null: the platform named none). */
  picture_url: string | null;
  has_picture: boolean;
  fetched_at: Date;
}

export interface AccountProfileStore {
  read(): Promise<KeptAccountProfile | undefined>;
  picture(): Promise<ProfilePicture | undefined>;
  /** Replaces the kept profile; `picture: 'keep'` keeps the bytes already kept (same URL, same account). */
  save(
    profile: Omit<KeptAccountProfile, 'has_picture'> & { picture: ProfilePicture | 'keep' | null },
  ): Promise<void>;
}

export interface ProfilePictureSource {
  /** The picture at `url`, checked (host, size, image bytes); undefined when refused or unreachable. */
  download(url: string): Promise<ProfilePicture | undefined>;
}
