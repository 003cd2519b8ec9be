import { describe, expect, it } from 'vitest';
import { findCommand } from '../../src/core/app/commands.ts';
import type { CommandSpec } from '../../src/core/commands/spec.ts';
import { CLIP } from '../../src/core/jobs/table.ts';
import { opensForm } from '../../src/core/platform/dispatch.ts';
import { publishForm } from '../../src/core/publish/requests/form.ts';
import { publishWords } from '../../src/core/publish/words.ts';
import { commandFormView, decodeMeta, encodeMeta, modalView, readModalValues } from '../../src/slack/views.ts';
import { slackWords } from '../../src/slack/words.ts';

/** /setup as the app assembles it, with every feature's settings. */
const SETUP = findCommand('setup') as CommandSpec;

describe('forms', () => {
  it('derives the /clip form from the command table: the link first, choices as selects, flags as checkboxes', () => {
    const view = commandFormView(CLIP, { channelId: 'C1' });
    const blocks = view.blocks as Array<{ block_id: string; element: { type: string } }>;
    expect(view.callback_id).toBe('form:clip');
    expect(view.title.text.length).toBeLessThanOrEqual(24);
    expect(blocks[0]).toMatchObject({ block_id: 'opt:url', element: { type: 'url_text_input' } });
    expect(blocks.find((b) => b.block_id === 'opt:position')?.element.type).toBe('static_select');
    expect(blocks.find((b) => b.block_id === 'opt:template')?.element.type).toBe('external_select');
    expect(blocks.find((b) => b.block_id === 'opt:reels')?.element.type).toBe('number_input');
    expect(blocks.at(-1)).toMatchObject({ block_id: 'flags', element: { type: 'checkboxes' } });
    expect(blocks.length).toBeLessThanOrEqual(100);
  });

  it('opens a form only for bare commands that make something', () => {
    expect(opensForm(CLIP, '')).toBe(true);
    expect(opensForm(CLIP, 'https://x.y')).toBe(false);
    expect(opensForm(SETUP, '')).toBe(false);
  });

  it('never prefills a secret and carries only where to answer', () => {
    const view = modalView(
      {
        id: 'setup-key',
        title: 'A rather long title for a Slack modal',
        inputs: [{ id: 'k', label: 'Key', style: 'short', required: true, secret: true }],
      },
      { channelId: 'C1', threadId: '1.2', responseUrl: 'https://hooks.slack.com/commands/x' },
    );
    expect(view.title.text.length).toBeLessThanOrEqual(24);
    expect(JSON.stringify(view.blocks)).not.toContain('initial_value');
    expect(decodeMeta(view.private_metadata)).toEqual({
      channelId: 'C1',
      threadId: '1.2',
      responseUrl: 'https://hooks.slack.com/commands/x',
    });
  });

  it('drops the response_url rather than exceed 3000 characters of metadata', () => {
    const raw = encodeMeta({ channelId: 'C1', responseUrl: `https://x/${'y'.repeat(3000)}` });
    expect(raw.length).toBeLessThanOrEqual(3000);
    expect(decodeMeta(raw)).toEqual({ channelId: 'C1' });
    expect(decodeMeta('not json')).toBeUndefined();
  });
});

describe('a prefilled value too long for a Slack input', () => {
  const long = `${'a'.repeat(2990)} 🇫🇷🇫🇷🇫🇷`;

  it('is shown as a note, never cut to 2,999 and "…": the submission leaves it out', () => {
    const view = modalView(
      publishForm(publishWords(undefined), 'pubform:d1', [], { title: 'Launch', description: long }),
      { channelId: 'C1' },
    );
    const blocks = view.blocks as Array<{ type: string; block_id?: string; text?: { text: string } }>;
    const description = blocks.find((b) => b.block_id === 'description');
    expect(description?.type).toBe('section');
    expect(description?.text?.text).toBe(
      'Description: too long to edit here (2,994 characters, 3,003 as this form counts them; this form holds 3,000). It is kept as it is. To change it, use /publish <video link> description="…" instead of this form.',
    );
    expect(JSON.stringify(view)).not.toContain('a'.repeat(2990));
    expect(blocks.find((b) => b.block_id === 'title')?.type).toBe('input');
  });

  it('is noted in the reader’s language, with numbers written their way', () => {
    const view = modalView(
      publishForm(publishWords('fr'), 'pubform:d1', [], { title: 'Launch', description: long }),
      { channelId: 'C1' },
      slackWords('fr-FR'),
    );
    const blocks = view.blocks as Array<{ block_id?: string; text?: { text: string } }>;
    const note = blocks.find((b) => b.block_id === 'description')?.text?.text ?? '';
    expect(note).toContain('trop long pour être modifié ici (2\u202f994 caractères');
    expect(note).toContain(
      'Pour le modifier, utilisez /publish <lien de la vidéo> description="…" au lieu de ce formulaire.',
    );
  });

  it('is told apart from an input emptied on purpose, which answers an empty value', () => {
    const values = readModalValues({
      title: { title: { type: 'plain_text_input', value: 'Launch' } },
      privacy: { privacy: { type: 'plain_text_input', value: null } },
    });
    expect(values).toEqual({ title: 'Launch', privacy: '' });
    expect('description' in values).toBe(false);
  });
});
