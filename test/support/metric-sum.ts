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
