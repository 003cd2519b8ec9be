// A gateway event can be delivered again (resume replay, several replicas on one token), and a signed
// HTTP interaction can be captured and sent again within its 5 minutes: each interaction id is handled
// once, decided by the shared store through the core's once module. When the store cannot answer, the
// check fails and the interaction is answered with an apology (the user tries again) rather than guessed
// from this process's memory, which another replica does not share.
import type { Once } from '../core/guarantees/once.ts';

export type FirstTime = (interactionId: string) => Promise<boolean>;

export function createInteractionDedupe(once: Once): FirstTime {
  return (id) => once.first({ kind: 'inbound', platform: 'discord', id });
}
