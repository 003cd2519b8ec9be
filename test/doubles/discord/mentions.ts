// Whom a message notifies, by Discord's rules: only mentions in `content` count (never embeds); without
// `allowed_mentions` every user, role and @everyone/@here mention is parsed (also on an edit, which
// re-parses); with it, `parse` names the kinds taken from the content and `users`/`roles` the ids allowed.

export interface AllowedMentions {
  parse?: string[];
  users?: string[];
  roles?: string[];
}

/** `user:<id>`, `role:<id>` or `everyone`, as the double records who a message notified. */
export function notifiedBy(content: string, allowed: AllowedMentions | undefined): string[] {
  const parse = allowed ? (allowed.parse ?? []) : ['users', 'roles', 'everyone'];
  const users = [...content.matchAll(/<@!?(\d+)>/g)].map((m) => m[1] ?? '');
  const roles = [...content.matchAll(/<@&(\d+)>/g)].map((m) => m[1] ?? '');
  const out = new Set<string>();
  for (const id of users) if (parse.includes('users') || allowed?.users?.includes(id)) out.add(`user:${id}`);
  for (const id of roles) if (parse.includes('roles') || allowed?.roles?.includes(id)) out.add(`role:${id}`);
  if (parse.includes('everyone') && /@(everyone|here)\b/.test(content)) out.add('everyone');
  return [...out];
}
