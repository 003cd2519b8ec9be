// One part of /healthz, brought by a feature (its `health` slot) or an adapter (its `healthPart`): the web edge puts
// every part's fields into one JSON answer, and any part that says it cannot serve turns the answer into a 503.

/** A part's lines on /healthz: its fields, and whether they make the process unhealthy (503). */
export interface HealthPart {
  fields: Record<string, unknown>;
  /** false: the bot cannot serve (a load balancer takes it out); absent: reported only. */
  ok?: boolean;
}
