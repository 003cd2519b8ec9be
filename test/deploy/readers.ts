// Readers for what deploy/ ships, small and strict: the metric names a PromQL expression selects, and the
// subset of YAML the alert rules are written in (block mappings and sequences, plain and quoted scalars).
// Anything outside that subset is an error with its line number, so the file stays readable by any YAML
// parser, Prometheus's included.

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

export type Yaml = string | Yaml[] | { [key: string]: Yaml };

interface Line {
  no: number;
  indent: number;
  text: string;
}

/** Parses the YAML subset described above; throws with the line number on anything else. */
export function parseYamlSubset(source: string): Yaml {
  const lines: Line[] = [];
  for (const [i, raw] of source.split('\n').entries()) {
    if (raw.includes('\t')) throw new Error(`line ${i + 1}: tab`);
    const text = raw.trimEnd();
    const trimmed = text.trimStart();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    lines.push({ no: i + 1, indent: text.length - trimmed.length, text: trimmed });
  }
  let at = 0;
  const fail = (line: Line | undefined, why: string): never => {
    throw new Error(`line ${line?.no ?? 'end'}: ${why}`);
  };

  function block(indent: number): Yaml {
    const first = lines[at];
    if (!first || first.indent !== indent) return fail(first, `expected a block at indent ${indent}`);
    return first.text === '-' || first.text.startsWith('- ') ? sequence(indent) : mapping(indent);
  }

  function sequence(indent: number): Yaml[] {
    const items: Yaml[] = [];
    for (let line = lines[at]; line && line.indent === indent; line = lines[at]) {
      if (!(line.text === '-' || line.text.startsWith('- '))) fail(line, 'a mapping key among sequence items');
      const rest = line.text.slice(2).trimStart();
      if (rest === '') {
        at++;
        const child = lines[at];
        if (!child || child.indent <= indent) fail(line, 'an empty sequence item');
        items.push(block(child?.indent ?? 0));
      } else if (/^[A-Za-z_][\w-]*:( |$)/.test(rest)) {
        // `- key: value` opens a mapping whose keys line up with `key`.
        lines[at] = { no: line.no, indent: indent + (line.text.length - rest.length), text: rest };
        items.push(mapping(indent + (line.text.length - rest.length)));
      } else {
        items.push(scalar(rest, line));
        at++;
      }
    }
    return items;
  }

  function mapping(indent: number): { [key: string]: Yaml } {
    const map: { [key: string]: Yaml } = {};
    for (let line = lines[at]; line && line.indent === indent; line = lines[at]) {
      const m = /^([A-Za-z_][\w-]*):(?: (.*))?$/.exec(line.text);
      if (!m) return fail(line, `expected "key: value", got "${line.text}"`);
      const key = m[1] ?? '';
      if (Object.hasOwn(map, key)) fail(line, `duplicate key "${key}"`);
      at++;
      if (m[2] !== undefined && m[2].trim() !== '') map[key] = scalar(m[2].trim(), line);
      else {
        const child = lines[at];
        if (!child || child.indent <= indent) fail(line, `"${key}" has no value`);
        map[key] = block(child?.indent ?? 0);
      }
    }
    const next = lines[at];
    if (next && next.indent > indent) fail(next, 'unexpected indentation');
    return map;
  }

  function scalar(text: string, line: Line): string {
    if (text.startsWith('"')) {
      if (!/^"(?:[^"\\]|\\.)*"$/.test(text)) fail(line, 'an unterminated or trailing double-quoted scalar');
      return JSON.parse(text) as string;
    }
    if (text.startsWith("'")) {
      if (!/^'(?:[^']|'')*'$/.test(text)) fail(line, 'an unterminated or trailing single-quoted scalar');
      return text.slice(1, -1).replaceAll("''", "'");
    }
    if (/^[[\]{}&*!|>%@`,]/.test(text) || text.includes(' #') || text.includes(': ')) {
      fail(line, `"${text}" needs quotes (or is outside the subset: flow collections, anchors, block scalars)`);
    }
    return text;
  }

  const doc = block(0);
  if (at < lines.length) fail(lines[at], 'unexpected line');
  return doc;
}
