// The language tests' way to drive a surface: one surface open per test (closed after it), and a command typed
// by someone, with what they alone were shown in answer.
import { afterEach } from 'vitest';
import { eventually, type Person, type Surface } from '../contract/surface.ts';

let open: Surface | undefined;

/** Registers the closing of the test's surface after each test of the calling file. */
export function closeSurfacesAfterEach(): void {
  afterEach(async () => {
    await open?.close();
    open = undefined;
  });
}

/** The surface, once started, closed after the test. */
export async function start<S extends Surface>(surface: Promise<S>): Promise<S> {
  const s = await surface;
  open = s;
  return s;
}

/**
 * What `who` alone was shown after typing `line`, once a new message says `expected` (an answer may come in
 * several messages; Slack's surface lists acknowledgements' bodies apart from later answers, so new ones are found
 * by what they say, not by their place).
 */
export async function ask(s: Surface, line: string, expected: string, who: Person = 'admin'): Promise<string> {
  const saying = async () => (await s.privateTo(who)).filter((m) => m.text.includes(expected));
  const before = new Set((await s.privateTo(who)).map((m) => m.text));
  const already = (await saying()).length;
  await s.command(line, who);
  await eventually(async () => (await saying()).length > already, `an answer to ${line} saying “${expected}”`);
  return (await s.privateTo(who))
    .filter((m) => !before.has(m.text))
    .map((m) => m.text)
    .join('\n');
}
