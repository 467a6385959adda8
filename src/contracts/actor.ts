// Who started an action: a person in the dashboard, an API client with the token, an agent through the tool
// server, the CLI, or a background loop (`loop:<name>`). Every mutation is audited with it, and it decides
// which rules apply: the policy engine governs agents, the automation caps govern agents and loops.
import { z } from 'zod';

export type Actor = 'dashboard' | 'api' | 'agent' | 'cli' | `loop:${string}`;

export const ACTOR_PATTERN = /^(dashboard|api|agent|cli|loop:[a-z][a-z0-9_-]*)$/;

export const ActorSchema = z
  .string()
  .regex(ACTOR_PATTERN, 'an actor is dashboard, api, agent, cli or loop:<name>')
  .transform((value) => value as Actor)
  .describe('Who started it: dashboard, api, agent, cli or loop:<name>.');

/** The face an actor comes through (the audit log keeps both). */
export type Face = 'http' | 'mcp' | 'cli' | 'loop';

export function faceOf(actor: Actor): Face {
  if (actor === 'dashboard' || actor === 'api') return 'http';
  if (actor === 'agent') return 'mcp';
  if (actor === 'cli') return 'cli';
  return 'loop';
}

/** Agents and loops act on their own: the automation caps and active hours bound them, not people. */
export function isAutonomous(actor: Actor): boolean {
  return actor === 'agent' || actor.startsWith('loop:');
}

export const loopActor = (name: string): Actor => `loop:${name}`;
