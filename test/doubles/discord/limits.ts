// Discord's message limits, enforced as Discord does: a 400 with code 50035 (Invalid Form Body) or
// 50006 (Cannot send an empty message), so a renderer that overflows fails its tests.
import type { AllowedMentions } from './mentions.ts';

interface Embed {
  title?: string;
  description?: string;
  fields?: Array<{ name?: string; value?: string }>;
  footer?: { text?: string };
  author?: { name?: string };
}

interface Component {
  type?: number;
  custom_id?: string;
  components?: Component[];
  options?: unknown[];
  label?: string;
}

export interface MessageBody {
  content?: string;
  embeds?: Embed[];
  components?: Component[];
  allowed_mentions?: AllowedMentions;
}

const embedChars = (e: Embed): number =>
  (e.title?.length ?? 0) +
  (e.description?.length ?? 0) +
  (e.footer?.text?.length ?? 0) +
  (e.author?.name?.length ?? 0) +
  (e.fields ?? []).reduce((n, f) => n + (f.name?.length ?? 0) + (f.value?.length ?? 0), 0);

function embedProblems(embeds: Embed[]): string[] {
  const problems: string[] = [];
  if (embeds.length > 10) problems.push('embeds: at most 10');
  if (embeds.reduce((n, e) => n + embedChars(e), 0) > 6000) problems.push('embeds: at most 6000 characters in total');
  for (const e of embeds) {
    if ((e.title?.length ?? 0) > 256) problems.push('embed title: at most 256');
    if ((e.description?.length ?? 0) > 4096) problems.push('embed description: at most 4096');
    if ((e.footer?.text?.length ?? 0) > 2048) problems.push('embed footer: at most 2048');
    if ((e.fields?.length ?? 0) > 25) problems.push('embed fields: at most 25');
    for (const f of e.fields ?? []) {
      if (!f.name || f.name.length > 256) problems.push('embed field name: 1 to 256');
      if (!f.value || f.value.length > 1024) problems.push('embed field value: 1 to 1024');
    }
  }
  return problems;
}

function componentProblems(rows: Component[]): string[] {
  const problems: string[] = [];
  if (rows.length > 5) problems.push('components: at most 5 action rows');
  for (const row of rows) {
    const children = row.components ?? [];
    if (row.type !== 1) problems.push('components: top level must be action rows');
    if (children.length > 5 || children.length < 1) problems.push('action row: 1 to 5 components');
    if (children.some((c) => c.type === 3) && children.length > 1) problems.push('action row: a select is alone');
    for (const c of children) {
      if (c.custom_id !== undefined && (c.custom_id.length < 1 || c.custom_id.length > 100)) {
        problems.push('custom_id: 1 to 100');
      }
      if ((c.label?.length ?? 0) > 80) problems.push('button label: at most 80');
      if (c.type === 3 && ((c.options?.length ?? 0) > 25 || (c.options?.length ?? 0) < 1)) {
        problems.push('select options: 1 to 25');
      }
    }
  }
  return problems;
}

/** null when Discord would accept the message; else the error body Discord answers with. */
export function messageError(body: MessageBody, creating: boolean): { code: number; message: string } | null {
  const content = body.content ?? '';
  if (creating && !content && !body.embeds?.length && !body.components?.length) {
    return { code: 50006, message: 'Cannot send an empty message' };
  }
  const problems = [
    ...(content.length > 2000 ? ['content: at most 2000'] : []),
    ...embedProblems(body.embeds ?? []),
    ...componentProblems(body.components ?? []),
  ];
  return problems.length ? { code: 50035, message: `Invalid Form Body: ${problems.join('; ')}` } : null;
}
