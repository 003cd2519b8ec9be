// keyv's text format (@keyv/serialize 1.x), byte for byte, without its cost. keyv writes JSON in which a
// string beginning with ':' gains one more ':' and a Buffer becomes ':base64:<data>', and reads it back
// with JSON.parse and a reviver. Both ran per store operation: 4 % of a busy bot's CPU (the reviver makes
// V8's JSON.parse several times slower). Here plain JSON data takes the native JSON.stringify and
// JSON.parse, and only text or data that can hold such a string takes the walk that keyv's rules need.
// test/core/store/keyv-json.test.ts checks the result against keyv's own functions on generated values.

/** Text keyv's `serializeData` would produce for `data`. */
export function serializeKeyv(data: unknown): string {
  return data !== undefined && isPlain(data) ? JSON.stringify(data) : keyvSerialize(data, true);
}

/** The value keyv's `deserializeData` would read from `text`. */
export function deserializeKeyv(text: string): unknown {
  const data: unknown = JSON.parse(text);
  return MAY_HOLD_ESCAPED.test(text) ? revive(data) : data;
}

const COLON = 58;

/**
 * True when JSON.stringify writes what keyv writes: no string starts with ':', no Buffer or toJSON, no
 * function, symbol or bigint where keyv would differ, no holes or extra properties in arrays, no class
 * instances.
 */
function isPlain(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
      return value.charCodeAt(0) !== COLON;
    case 'number':
    case 'boolean':
    case 'undefined':
      return true;
    case 'object':
      break;
    default:
      return false;
  }
  if (value === null) return true;
  if ((value as { toJSON?: unknown }).toJSON !== undefined) return false;
  if (Array.isArray(value)) {
    // keyv walks arrays with for…in: a hole is skipped and an extra property is written, unlike JSON.
    if (Object.keys(value).length !== value.length) return false;
    for (const item of value) if (typeof item === 'function' || !isPlain(item)) return false;
    return true;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    // Functions and undefined as property values are left out by both.
    const item = record[key];
    if (Object.hasOwn(record, key) && typeof item !== 'function' && !isPlain(item)) return false;
  }
  return true;
}

/** @keyv/serialize's `_serialize`, kept as it is for the data JSON.stringify would write differently. */
function keyvSerialize(data: unknown, escapeColonStrings: boolean): string {
  if (data === undefined || data === null) return 'null';
  if (typeof data === 'string') {
    return JSON.stringify(escapeColonStrings && data.startsWith(':') ? `:${data}` : data);
  }
  if (Buffer.isBuffer(data)) return JSON.stringify(`:base64:${data.toString('base64')}`);
  let value = data as { toJSON?: () => unknown };
  if (value?.toJSON) value = value.toJSON() as typeof value;
  // A toJSON() that returns null is written as {}, as keyv does.
  if (typeof value === 'object') return keyvSerializeObject(value ?? {}, escapeColonStrings);
  // What JSON.stringify returns for a function or symbol (undefined) is concatenated as keyv does.
  return JSON.stringify(value) as string;
}

function keyvSerializeObject(data: object, escapeColonStrings: boolean): string {
  const array = Array.isArray(data);
  const record = data as Record<string, unknown>;
  let text = array ? '[' : '{';
  let first = true;
  for (const key in record) {
    const item = record[key];
    const ignore = typeof item === 'function' || (!array && item === undefined);
    if (!Object.hasOwn(record, key) || ignore) continue;
    if (!first) text += ',';
    first = false;
    text += array
      ? keyvSerialize(item, escapeColonStrings)
      : `${keyvSerialize(key, false)}:${keyvSerialize(item, escapeColonStrings)}`;
  }
  return text + (array ? ']' : '}');
}

/**
 * Whether the text may hold a string value beginning with ':': its opening quote follows '[', ',', ':' or
 * the start (a quote inside a string is always escaped, so cannot follow those). Keys match too (rarely);
 * they only cost the walk, which leaves them as they are.
 */
const MAY_HOLD_ESCAPED = /(?:^|[[,:])\s*":/;

/** What keyv's reviver does to every value, on a freshly parsed tree (changed in place). */
function revive(value: unknown): unknown {
  if (typeof value === 'string') {
    if (value.charCodeAt(0) !== COLON) return value;
    return value.startsWith(':base64:') ? Buffer.from(value.slice(8), 'base64') : value.slice(1);
  }
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = revive(value[i]);
    return value;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const before = record[key];
    const after = revive(before);
    if (after === before) continue;
    // A parsed "__proto__" is an own property; assigning would call the prototype setter instead.
    Object.defineProperty(record, key, { value: after, writable: true, enumerable: true, configurable: true });
  }
  return record;
}
