import type { types } from '@slack/bolt';
import { afterEach, describe, expect, it } from 'vitest';
import { type HttpHarness, slashCommand, startHttpHarness, USERS } from './harness.ts';

// Slack's own form for a bare command (`/clip` with no text) in the reader's language (issue 44): its buttons,
// its hints (the options' descriptions) and what it adds, from the language users.info gives. Each field keeps
// its option's name, the word typed as `url=`.

let h: HttpHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const japanese = USERS.map((u) => (u.id === 'U0MEMBER' ? { ...u, locale: 'ja-JP' } : u));

async function openedForm(harness: HttpHarness, userId: string): Promise<types.ModalView> {
  const before = harness.web.callsOf('views.open').length;
  const res = await harness.send('/slack/commands', 'command', slashCommand(harness.web, '/clip', '', userId));
  expect(res.status).toBe(200);
  await harness.web.waitForCall('views.open', before + 1);
  const call = harness.web.callsOf('views.open')[before];
  if (!call) throw new Error('no views.open call');
  return (call.args as { view: types.ModalView }).view;
}

const blockOf = (view: types.ModalView, id: string) =>
  view.blocks.find((b) => (b as { block_id?: string }).block_id === id) as types.InputBlock | undefined;

describe('a bare /clip for a Slack member whose Slack is in Japanese', () => {
  it('opens its form in Japanese, the first time too (the language looked up after the ack)', async () => {
    h = await startHttpHarness({ users: japanese });
    for (const time of ['first', 'second']) {
      const view = await openedForm(h, 'U0MEMBER');
      expect(view.title, time).toEqual({ type: 'plain_text', text: '/clip' });
      expect(view.submit?.text).toBe('送信');
      expect(view.close?.text).toBe('キャンセル');
      const url = blockOf(view, 'opt:url');
      expect(url?.label.text).toBe('Url');
      expect(url?.hint?.text).toBe('長い動画のリンク（http または https）');
      const position = blockOf(view, 'opt:position');
      expect((position?.element as types.StaticSelect | undefined)?.placeholder?.text).toBe('選択…');
      expect(blockOf(view, 'flags')?.label.text).toBe('オプション');
    }
  });

  it('stays English for a member whose Slack says English', async () => {
    h = await startHttpHarness({ users: japanese });
    const view = await openedForm(h, 'U0ADMIN');
    expect([view.submit?.text, view.close?.text]).toEqual(['Submit', 'Cancel']);
    expect(blockOf(view, 'opt:url')?.hint?.text).toBe('Link to the long video (http or https)');
    expect(blockOf(view, 'flags')?.label.text).toBe('Extras');
  });
});
