// The Discovery Feed item as the feed tools return it (reference §a.5), declared in contracts with the rest of
// the feed's schemas (the dashboard's generated client is typed from there).
export { FeedItemSchema } from '../../contracts/discovery.js';
