import { describe, expect, it } from 'vitest';
import { type Card, groupMention, link, mention } from '../../src/core/platform/message.ts';
import { toMrkdwn } from '../../src/slack/markup.ts';
import { LIMITS, renderMessage } from '../../src/slack/render.ts';

describe('Block Kit rendering', () => {
  it("turns the bot's mentions and links into mrkdwn and escapes what Slack would read as markup", () => {
    expect(toMrkdwn(`**Done** for ${mention('U123')}: ${link('your reel', 'https://x.y/r?a=1&b=2')} & 3 < 4 > 2`)).toBe(
      '*Done* for <@U123>: <https://x.y/r?a=1&b=2|your reel> &amp; 3 &lt; 4 &gt; 2',
    );
    expect(toMrkdwn(`approvers: ${groupMention('S0EDITORS')}`)).toBe('approvers: <!subteam^S0EDITORS>');
  });

  it('shows mentions and links in text it did not write as text', () => {
    expect(
      toMrkdwn('<@U123> <!channel> <!subteam^S1|@ed> [trusted](https://evil.example) <https://evil.example|x>'),
    ).toBe(
      '&lt;@U123&gt; &lt;!channel&gt; &lt;!subteam^S1|@ed&gt; [trusted](https://evil.example) &lt;https://evil.example|x&gt;',
    );
    expect(toMrkdwn('_italic_ and `code`')).toBe('_italic_ and `code`');
  });

  it('always sends a text fallback, and plain text alone when there is nothing else', () => {
    expect(renderMessage({ text: 'Hello **there**' })).toEqual({ text: 'Hello *there*' });
    const withCard = renderMessage({ text: '', cards: [{ title: 'Clip job' }] });
    expect(withCard.text).toBe('Clip job');
    expect(withCard.blocks?.length).toBeGreaterThan(0);
  });

  it('renders a card as a section, its image, its footer and its buttons', () => {
    const card: Card = {
      title: 'Reel 1',
      url: 'https://v.example/1',
      body: 'A caption',
      fields: [{ name: 'Score', value: '92' }],
      imageUrl: 'https://img.example/1.jpg',
      footer: 'tags: #ai',
      tone: 'success',
      controls: [
        { kind: 'link', label: 'Watch', url: 'https://v.example/1.mp4' },
        { kind: 'action', label: 'Publish', id: 'publish:p1:0', style: 'primary' },
        { kind: 'select', id: 'voice', placeholder: 'Pick', options: [{ label: 'Jenny', value: 'jenny' }] },
      ],
    };
    const { blocks } = renderMessage({ text: 'Your reels', cards: [card] });
    expect(blocks?.map((b) => b.type)).toEqual(['section', 'section', 'image', 'context', 'actions']);
    expect(blocks?.[1]).toMatchObject({
      text: { text: ':white_check_mark: *<https://v.example/1|Reel 1>*\nA caption' },
      fields: [{ type: 'mrkdwn', text: '*Score*\n92' }],
    });
    expect(blocks?.[2]).toMatchObject({ image_url: 'https://img.example/1.jpg', alt_text: 'Reel 1' });
    expect(blocks?.[4]).toMatchObject({
      elements: [
        { type: 'button', url: 'https://v.example/1.mp4' },
        { type: 'button', action_id: 'publish:p1:0', value: 'publish:p1:0', style: 'primary' },
        { type: 'static_select', action_id: 'voice', options: [{ value: 'jenny' }] },
      ],
    });
  });

  it('keeps a message within 50 blocks and says how many were left out', () => {
    const cards: Card[] = Array.from({ length: 60 }, (_, i) => ({ title: `Reel ${i}` }));
    const { blocks } = renderMessage({ text: 'Many reels', cards });
    expect(blocks).toHaveLength(LIMITS.blocks);
    expect(blocks?.at(-1)).toMatchObject({ type: 'context', elements: [{ text: '…and 12 more not shown.' }] });
  });

  it('cuts long text to the section limit without breaking a link', () => {
    const body = `${'word '.repeat(700)}[link](https://example.com/${'x'.repeat(200)})`;
    const { blocks } = renderMessage({ text: 't', cards: [{ body }] });
    const section = blocks?.[1] as { text: { text: string } };
    const text = section.text.text;
    expect(text.length).toBeLessThanOrEqual(LIMITS.sectionText);
    expect(text.endsWith('…')).toBe(true);
    expect(text).not.toContain('<https');
  });

  it('caps buttons per actions block, options per select, and button labels', () => {
    const controls = Array.from({ length: 30 }, (_, i) => ({
      kind: 'action' as const,
      label: 'x'.repeat(100),
      id: `a:${i}`,
    }));
    const select = {
      kind: 'select' as const,
      id: 's',
      placeholder: 'p',
      options: Array.from({ length: 150 }, (_, i) => ({ label: `o${i}`, value: `v${i}` })),
    };
    const { blocks } = renderMessage({ text: 't', controls: [...controls, select] });
    const actions = (blocks ?? []).filter((b) => b.type === 'actions') as unknown as Array<{
      elements: Array<Record<string, unknown>>;
    }>;
    expect(actions.map((a) => a.elements.length)).toEqual([25, 6]);
    const label = actions[0]?.elements[0]?.text as { text: string };
    expect(label.text).toHaveLength(LIMITS.buttonText);
    expect(actions[1]?.elements.at(-1)?.options).toHaveLength(LIMITS.selectOptions);
  });
});
