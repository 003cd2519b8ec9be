import { describe, expect, it } from 'vitest';
import { type Card, groupMention, link, mention } from '../../src/core/platform/message.ts';
import { renderMessage } from '../../src/discord/index.ts';
import { embedChars } from '../../src/discord/render.ts';

describe('rendering a message for Discord', () => {
  it('makes one embed per card: image, colour from the tone, link buttons and action buttons', () => {
    const out = renderMessage({
      text: 'Your reel is ready',
      cards: [
        {
          title: 'Reel 1',
          url: 'https://cdn.example/r1.mp4',
          body: 'A **great** hook',
          imageUrl: 'https://cdn.example/r1.jpg',
          tone: 'success',
          fields: [{ name: 'Virality', value: '92', inline: true }],
          controls: [
            { kind: 'link', label: 'Watch', url: 'https://cdn.example/r1.mp4' },
            { kind: 'action', label: 'Publish', id: 'publish:r1', style: 'primary' },
          ],
        },
      ],
    });
    expect(out.content).toBe('Your reel is ready');
    expect(out.embeds).toEqual([
      {
        title: 'Reel 1',
        url: 'https://cdn.example/r1.mp4',
        description: 'A **great** hook',
        fields: [{ name: 'Virality', value: '92', inline: true }],
        image: { url: 'https://cdn.example/r1.jpg' },
        color: 0x57f287,
      },
    ]);
    expect(out.components[0]?.components).toEqual([
      { type: 2, style: 5, label: 'Watch', url: 'https://cdn.example/r1.mp4' },
      { type: 2, style: 1, label: 'Publish', custom_id: 'publish:r1' },
    ]);
  });

  it('cuts a long caption with an ellipsis and keeps all embeds under 6000 characters', () => {
    const cards: Card[] = Array.from({ length: 4 }, (_, i) => ({ title: `Reel ${i}`, body: 'word '.repeat(2000) }));
    const out = renderMessage({ text: 'x', cards });
    expect(out.embeds).toHaveLength(4);
    expect(out.embeds.every((e) => (e.description ?? '').endsWith('…'))).toBe(true);
    expect(out.embeds.reduce((n, e) => n + embedChars(e), 0)).toBeLessThanOrEqual(6000);
    expect(out.embeds[3]?.description?.length).toBeGreaterThan(1000);
  });

  it('keeps at most 25 fields per embed, each within its limits', () => {
    const fields = Array.from({ length: 30 }, (_, i) => ({ name: `n${i}`.repeat(100), value: 'v'.repeat(2000) }));
    const [embed] = renderMessage({ text: 'x', cards: [{ title: 't', fields }] }).embeds;
    expect(embed?.fields?.length).toBeLessThanOrEqual(25);
    for (const f of embed?.fields ?? []) {
      expect(f.name.length).toBeLessThanOrEqual(256);
      expect(f.value.length).toBeLessThanOrEqual(1024);
    }
  });

  it('puts a select in its own row, with at most 25 options, and reports the pick by its id', () => {
    const options = Array.from({ length: 40 }, (_, i) => ({ label: `Voice ${i}`, value: `v${i}` }));
    const out = renderMessage({
      text: 'Voices',
      controls: [
        { kind: 'action', label: 'Prev', id: 'voices:0' },
        { kind: 'select', id: 'voice-pick', placeholder: 'Pick a voice', options },
        { kind: 'action', label: 'Next', id: 'voices:2' },
      ],
    });
    expect(out.components.map((r) => r.components.map((c) => c.type))).toEqual([[2], [3], [2]]);
    const select = out.components[1]?.components[0] as { options: unknown[]; custom_id: string };
    expect(select.options).toHaveLength(25);
    expect(select.custom_id).toBe('voice-pick');
  });

  it('drops controls whose id is too long or repeated rather than sending an invalid message', () => {
    const out = renderMessage({
      text: 'x',
      controls: [
        { kind: 'action', label: 'A', id: 'a'.repeat(101) },
        { kind: 'action', label: 'B', id: 'b:1' },
        { kind: 'action', label: 'B again', id: 'b:1' },
      ],
    });
    expect(out.components.flatMap((r) => r.components)).toEqual([{ type: 2, style: 1, label: 'B', custom_id: 'b:1' }]);
  });

  it('notifies exactly the people and roles the bot mentions, never everyone or a mention typed in text', () => {
    const out = renderMessage({ text: `@everyone <@1> <@&2> ${mention('3')} ${groupMention('4')}` });
    expect(out.allowed_mentions).toEqual({ parse: [], users: ['3'], roles: ['4'] });
    expect(out.content).toBe('@\u200beveryone <\u200b@1> <\u200b@&2> <@3> <@&4>');
  });

  it('shows a masked link in text it did not write as text, and keeps its own', () => {
    const out = renderMessage({
      text: `[trusted](https://evil.example) ${link('your reel', 'https://x.y/(1)')}`,
      cards: [{ body: '[a](https://evil.example)', fields: [{ name: 'f', value: '[b](https://evil.example)' }] }],
    });
    expect(out.content).toBe('[trusted]\u200b(https://evil.example) [your reel](https://x.y/%281%29)');
    expect(out.embeds[0]?.description).toBe('[a]\u200b(https://evil.example)');
    expect(out.embeds[0]?.fields?.[0]?.value).toBe('[b]\u200b(https://evil.example)');
  });
});
