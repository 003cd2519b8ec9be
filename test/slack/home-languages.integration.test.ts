// The Slack Home tab in the reader's language: publishing's part of the page (what waits for their approval, their
// own requests, what is scheduled) follows the language Slack says the person reads, whoever else reads English.
import { afterEach, describe, expect, it } from 'vitest';
import { addAccount, requestCard, VIDEO } from '../contract/publishing.ts';
import { type SlackSurface, startSlackSurface } from '../contract/slack-surface.ts';
import { eventually } from '../contract/surface.ts';

let s: SlackSurface | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

describe('the Slack Home tab of a member whose Slack is in Japanese', () => {
  it('shows their requests and what is scheduled in Japanese, while an English approver’s page stays English', async () => {
    s = await startSlackSurface({ locales: { member: 'ja-JP' } });
    const surface = s;
    await addAccount(s, 'brand', 'youtube', 'contract-key-home-ja');
    await s.command(`/publish ${VIDEO} accounts=brand title="Launch day" schedule="in 2 days"`, 'member');
    await requestCard(s);

    await s.openHome('member');
    const mine = await eventually(
      async () => (/あなたの承認待ち/.test(surface.home('member')?.text ?? '') ? surface.home('member') : undefined),
      'the member’s Home, in Japanese',
    );
    expect(mine.text).toMatch(/あなたの承認待ち\W*（0）/);
    expect(mine.text).toContain('見られるチャンネルに、あなたの承認を待っているものはありません。');
    expect(mine.text).toMatch(/あなたの未完了のリクエスト（1）[\s\S]*Launch day[\s\S]*承認待ち: /);
    expect(mine.text).toMatch(/今後 7 日間の予定（1）[\s\S]*Launch day[\s\S]*期限内に承認されれば/);
    expect(mine.text).not.toContain('Waiting for your approval');

    await s.openHome('admin');
    const theirs = await eventually(async () => surface.home('admin'), 'the approver’s Home');
    expect(theirs.text).toMatch(/Waiting for your approval\W+\(1\)/);
    expect(theirs.buttons).toContain('Approve “Launch day”');
  });
});
