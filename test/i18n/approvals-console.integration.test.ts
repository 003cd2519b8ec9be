// /approvals and the Invite reviewer form on a Japanese console (LANG=ja_JP.UTF-8), through the real console
// adapter: the list, its buttons, the form's title and fields, its refusal and its answer are in Japanese, and so is
// the thread's line (the console's channel speaks its terminal's language). Every line the console prints is read
// here, the form's questions included (the contract surface reads only the answers).
import { afterEach, describe, expect, it } from 'vitest';
import { type ConsoleAdapter, createConsoleAdapter } from '../../src/console/adapter.ts';
import type { RunningBot } from '../../src/start-bot.ts';
import { type Core, startCore } from '../contract/core.ts';
import { eventually } from '../contract/surface.ts';
import { silentLogger } from '../support/harness.ts';

const VIDEO = 'https://example.com/reel.mp4';

interface JapaneseConsole {
  printed: string[];
  type(line: string): Promise<void>;
  /** Waits for a printed line saying `text`, and returns it. */
  saying(text: string): Promise<string>;
  /** Types the command of the newest button labelled `label` (`[label] type: !id`). */
  press(label: string): Promise<void>;
}

let core: Core | undefined;
let app: RunningBot | undefined;
afterEach(async () => {
  await app?.stop();
  await core?.close();
  app = undefined;
  core = undefined;
});

async function startJapaneseConsole(): Promise<JapaneseConsole> {
  core = await startCore();
  const printed: string[] = [];
  let adapter: ConsoleAdapter | undefined;
  app = await core.start(
    {},
    {
      chat: (bot) => {
        adapter = createConsoleAdapter({
          bot,
          logger: silentLogger,
          write: (text) => void printed.push(text),
          pendingJobs: async () => 0,
          locale: 'ja_JP.UTF-8',
        });
        return adapter.chatPort;
      },
    },
  );
  const type = async (line: string) => {
    if (!adapter) throw new Error('the console is not started');
    await adapter.handleLine(line);
  };
  const saying = (text: string) =>
    eventually(async () => printed.find((p) => p.includes(text)), `a printed line saying “${text}”`);
  return {
    printed,
    type,
    saying,
    async press(label) {
      const pattern = new RegExp(`\\[${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\] [^![\\]\\n]*!(\\S+)`);
      const id = await eventually(async () => {
        for (const p of [...printed].reverse()) {
          const found = pattern.exec(p)?.[1];
          if (found) return found;
        }
        return undefined;
      }, `a ${label} button`);
      await type(`!${id}`);
    },
  };
}

describe('a Japanese console', () => {
  it('lists what waits for the reader’s approval in Japanese, and approves from the list', async () => {
    const c = await startJapaneseConsole();
    await c.type('/setup socials add brand platform=youtube');
    await c.type('contract-key-approvals-ja');
    await c.type('/as member');
    await c.type(`/publish ${VIDEO} accounts=brand title="Client cut"`);
    await c.saying('Client cut');
    await c.type('/as');
    const before = c.printed.length;
    await c.type('/approvals');
    const list = await c.saying('あなたの承認待ち（1）');
    expect(list).toContain('（あなただけ）');
    const answer = c.printed.slice(before).join('\n');
    expect(answer).toContain('[「Client cut」を承認]');
    expect(answer).toContain('依頼者: @member · チャンネル内のカードから');
    expect(answer).toContain('あなたの未完了のリクエスト（0）');
    expect(answer).toContain('待機中の公開リクエストはありません。');
    expect(answer).not.toContain('Waiting for your approval');
    await c.press('「Client cut」を承認');
    await c.saying('承認しました。');
  });

  it('opens the Invite reviewer form in Japanese, refuses a language it does not know and answers the link in Japanese', async () => {
    const c = await startJapaneseConsole();
    await c.type('/setup socials add brand platform=youtube');
    await c.type('contract-key-invite-ja');
    await c.type(`/publish ${VIDEO} accounts=brand title="Client cut"`);
    await c.press('レビュアーを招待');
    await c.saying('レビュアーを招待 —');
    await c.saying('レビュアーの名前 (チームに表示されます（例: Ana (Acme)）): ');
    await c.type('Ana (Acme)');
    await c.saying('レビュアーの言語（任意） (選択肢: en, de, es, fr, pt-BR, ja)');
    await c.type('klingon');
    await c.saying('レビュアーの言語は en, de, es, fr, pt-BR, ja のいずれかです。');

    await c.press('レビュアーを招待');
    await c.type('Ana (Acme)');
    await c.type('es');
    const answer = await c.saying('「Ana (Acme)」用のレビューリンクです。');
    expect(answer).toMatch(/\/review\/[A-Za-z0-9_-]{43}/);
    expect(answer).toContain('ページの言語: Español（ページ上で切り替えられます）。');
    // The thread hears of it in the channel's language.
    await c.saying('が外部レビュアー「Ana (Acme)」用のレビューリンクを作成しました。');
  });
});
