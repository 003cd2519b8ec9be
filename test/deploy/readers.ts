// Readers for what deploy/ ships, small and strict: the metric names a PromQL expression selects, and the
// metric families a /metrics page declares.

/** Words of PromQL that are not metric names where they stand. */
const KEYWORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'bool', 'and', 'or']);
const KEYWORDS_TOO = new Set(['unless', 'offset', 'inf', 'nan']);

/** The metric names `expr` selects, in order (functions, keywords, labels and durations left out). */
export function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""')
    // Label matchers and range or subquery selectors: label names, Grafana's $variables, durations.
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    // Label lists of aggregations and vector matching: `by (le)`, `on (job) group_left (kind)`.
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names: string[] = [];
  for (const m of bare.matchAll(/[A-Za-z_:][A-Za-z0-9_:]*/g)) {
    const word = m[0];
    const before = bare[m.index - 1] ?? ' ';
    // The exponent or unit of a number (1e3, 5m) is no name.
    if (/[0-9.]/.test(before)) continue;
    if (
      bare
        .slice(m.index + word.length)
        .trimStart()
        .startsWith('(')
    )
      continue;
    if (KEYWORDS.has(word.toLowerCase()) || KEYWORDS_TOO.has(word.toLowerCase())) continue;
    names.push(word);
  }
  return names;
}

/**
 * The family a sample name belongs to, given the families `# TYPE` lines declare: the name itself, or a
 * histogram's `_bucket`, `_sum`, `_count` (a summary's `_sum`, `_count`). Undefined when none declares it.
 */
export function familyOf(name: string, types: ReadonlyMap<string, string>): string | undefined {
  if (types.has(name)) return name;
  for (const suffix of ['_bucket', '_sum', '_count']) {
    if (!name.endsWith(suffix)) continue;
    const base = name.slice(0, -suffix.length);
    const type = types.get(base);
    if (type === 'histogram' || (type === 'summary' && suffix !== '_bucket')) return base;
  }
  return undefined;
}

/** Family name → type, from the `# TYPE` lines of a Prometheus text exposition. */
export function declaredTypes(exposition: string): Map<string, string> {
  const types = new Map<string, string>();
  for (const m of exposition.matchAll(/^# TYPE (\S+) (\S+)$/gm)) types.set(m[1] ?? '', m[2] ?? '');
  return types;
}
