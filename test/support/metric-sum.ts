import type { RunningBot } from '../../src/start-bot.ts';

/**
 * The sum of a counter's series on a /metrics page, over the series whose labels `where` accepts (all by default):
 * what a test reads of how often something happened, without depending on the labels' order.
 */
export function metricSum(exposition: string, name: string, where: (labels: string) => boolean = () => true): number {
  let sum = 0;
  for (const m of exposition.matchAll(/^(\w+)(?:\{([^}]*)\})? (\S+)$/gm)) {
    if (m[1] === name && where(m[2] ?? '')) sum += Number(m[3]);
  }
  return sum;
}

/**
 * A metric as an operator scrapes it from the bot's /metrics: the sum of its series that carry every label given
 * (with them all given, the one series). Label values may hold braces (`route="GET /projects/{id}"`).
 */
export async function scrapeMetric(
  bot: Pick<RunningBot, 'request'>,
  name: string,
  labels: Record<string, string> = {},
): Promise<number> {
  const { status, body } = await bot.request('GET', '/metrics');
  if (status !== 200) throw new Error(`/metrics answered ${status}`);
  let sum = 0;
  for (const m of body.matchAll(/^(\w+)(?:\{(.*)\})? (\S+)$/gm)) {
    if (m[1] !== name) continue;
    const carried = new Map([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => carried.get(k) === v)) sum += Number(m[3]);
  }
  return sum;
}
