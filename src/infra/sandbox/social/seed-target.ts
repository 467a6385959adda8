// What the fake's record factory and seeders write into: the state's maps, relations and ids (FakeState
// has them all). A structural type, so the state can seed itself without the seeders depending on it.
import type { AdsData } from './ads-model.js';
import type { IdGenerator } from './ids.js';
import type {
  DmConversation,
  DmEvent,
  ListRecord,
  Relation,
  SpaceRecord,
  TweetRecord,
  UserRecord,
} from './model.js';

export interface SeedTarget {
  readonly ids: IdGenerator;
  readonly users: Map<string, UserRecord>;
  readonly tweets: Map<string, TweetRecord>;
  readonly follows: Relation;
  readonly likes: Relation;
  readonly bookmarks: Relation;
  readonly lists: Map<string, ListRecord>;
  readonly pinnedLists: Relation;
  readonly spaces: Map<string, SpaceRecord>;
  readonly dmConversations: Map<string, DmConversation>;
  readonly dmEvents: DmEvent[];
  readonly ads: AdsData;
  now(): number;
  userByUsername(username: string): UserRecord | undefined;
  registerClient(client: { clientId: string; clientSecret?: string; redirectUris: string[] }): unknown;
}
