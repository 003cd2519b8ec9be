// The driver every surface (console, Discord double, Slack double) offers the contract behaviours: what a
// person does and what people see, with no platform in the words. A behaviour written against it runs
// on all three.

/**
 * A message as a reader sees it: its text (cards included), the labels of its buttons, whom it notified as
 * the platform decides it (`user:<id>`, `role:<id>`, `everyone`, `channel`, `group:<id>`) and the targets of
 * its links that show a label instead of their address.
 */
export interface Seen {
  text: string;
  buttons: string[];
  notifies: string[];
  links: string[];
}

/** `member` may not configure the bot; `admin` may. The console has one person, who is both. */
export type Person = 'member' | 'admin';

export interface Surface {
  readonly name: 'console' | 'discord' | 'slack';
  /** The media API sandbox the bot talks to (its post log: `GET /sandbox/posts`). */
  readonly sandboxUrl: string;
  /** The platform's id of a person, to name them in `/setup approvers=<@id>` and find them in `notifies`. */
  idOf(who: Person): string;
  /** Runs a command as typed in text form (`/clip https://… reels=1`); resolves once it was delivered. */
  command(line: string, who?: Person): Promise<void>;
  /** Clicks the button labelled `label` on the newest message of `thread` that has one (its card included). */
  click(thread: string, label: string, who?: Person): Promise<void>;
  /** Clicks the button labelled `label` on the newest message shown to `who` alone that has one. */
  clickPrivate(label: string, who?: Person): Promise<void>;
  /** Submits the form the last command or click opened, with values by input id. */
  submitForm(values: Record<string, string>, who?: Person): Promise<void>;
  /** The job threads, oldest first (their ids are the surface's own). */
  threads(): Promise<string[]>;
  /** A job's card as it reads now (it is edited as the job moves on). */
  card(thread: string): Promise<Seen>;
  /** The messages posted in a job thread after its card, in order. */
  thread(id: string): Promise<Seen[]>;
  /** Everything shown to `who` alone, in order. */
  privateTo(who: Person): Promise<Seen[]>;
  /** Everything posted where the whole channel sees it (cards, thread messages), in order. */
  everyone(): Promise<Seen[]>;
  /** Moves the bot's clock on by `ms`, as if that much time had passed (the scheduler notices within ms). */
  passTime(ms: number): void;
  /** Stops the bot and starts it again on the same store, as a redeploy would. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** One behaviour of the contract: a file in behaviours/ exporting `behaviour`. */
export interface Behaviour {
  name: string;
  /** What it types past the surface (on the review page): people's words, for the pseudo-locale run's reading. */
  typedElsewhere?: readonly string[];
  run(surface: Surface): Promise<void>;
}

/** Polls `check` until it returns a value (not undefined/false), or fails naming `what`. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** What the sandbox was asked to post, in order (each with the access keys it was given). */
export async function sandboxPosts(s: Surface): Promise<Array<{ title?: string; description?: string }>> {
  const res = await fetch(`${s.sandboxUrl}/sandbox/posts`);
  const body = (await res.json()) as unknown;
  if (Array.isArray(body)) return body as Array<{ title?: string }>;
  return ((body as { posts?: unknown[] }).posts ?? []) as Array<{ title?: string }>;
}

/** Waits `ms` (to show that nothing more arrives). */
export const quietFor = (ms: number) => new Promise((r) => setTimeout(r, ms));
