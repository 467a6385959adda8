// The topic of the loop's next post or thread (reference §g.1): epsilon-greedy over the configured topics
// (content pillars and industry topics) with the content scores' top ten, avoiding the ones the loop used
// lately (its recent list, kept in `cursors` under the loop's key).
import { chooseTopic, parseRecent, type TopicChoice } from '../../domain/autopilot-choices.js';
import type { AutopilotDeps } from './autopilot-deps.js';

/** The choice and the recent list to keep once the loop wrote about it; undefined with no topic configured. */
export async function pickTopic(
  deps: Pick<AutopilotDeps, 'assist' | 'cursors' | 'random'>,
  recentKey: string,
): Promise<TopicChoice | undefined> {
  const scores = await deps.assist.stats.topicScores(10);
  return chooseTopic({
    configured: deps.assist.settings().profileTopics,
    scores,
    recent: parseRecent(await deps.cursors.get(recentKey)),
    random: deps.random,
  });
}
