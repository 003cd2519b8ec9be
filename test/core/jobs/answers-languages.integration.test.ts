import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mention } from '../../../src/core/platform/message.ts';
import { origin, startTestBot, type TestBot } from '../../support/bot.ts';

// /jobs, /project, Retry and the Home section in each reader's language (issue 44): private answers follow the
// person who asked, /project's public answer follows the channel.

let h: TestBot;
beforeEach(async () => {
  h = await startTestBot();
});
afterEach(() => h.close());

const german = { origin: { locale: 'de-DE' } };
const lastEphemeral = () => h.chat.ephemerals().at(-1)?.message;

describe('/jobs for a German reader', () => {
  it('lists a running job in German: its kind, who asked and how long ago', async () => {
    await h.command('/broll https://example.com/slow-talk.mp4');
    await h.command('/jobs', german);
    expect(lastEphemeral()?.text).toMatch(
      new RegExp(
        `^\\*\\*1 Job läuft hier\\*\\*\\n• 🎥 B-Roll \`[a-z0-9]+\` — .* · angefragt von ${mention('ana')} vor \\d+ s`,
      ),
    );
  });

  it('says in German that nothing runs, and in English to an English reader', async () => {
    await h.command('/jobs', german);
    expect(lastEphemeral()?.text).toContain('In diesem Kanal läuft gerade kein Job.');
    await h.command('/jobs');
    expect(lastEphemeral()?.text).toContain('No jobs are running in this channel.');
  });
});

describe('/project', () => {
  it('refuses a mistyped id in the reader’s language, the typed text quoted as it was', async () => {
    await h.command('/project <@U123>*', { origin: { locale: 'ja' } });
    expect(lastEphemeral()?.text).toBe(
      '「<@U123>*」はプロジェクト ID ではありません。ID は 6650f1c2a1b2c3d4e5f60718 のような 16 進数 24 文字です。',
    );
  });

  it('shows a project to the channel in the channel’s language, whoever asked', async () => {
    await h.command('/setup locale=fr');
    await h.command('/broll https://example.com/slow-talk.mp4');
    const card = h.chat.seen.find((s) => s.where === 'card');
    const projectId = /`([0-9a-f]{24})`/.exec(JSON.stringify(h.chat.seen))?.[1] ?? '';
    expect(card).toBeDefined();
    expect(projectId).not.toBe('');
    await h.command(`/project ${projectId}`, { origin: { locale: 'ja' } });
    const shown = h.chat.seen.at(-1);
    expect(shown?.where).toBe('public');
    expect(shown?.message.text).toMatch(new RegExp(`^Projet \`${projectId}\` : ⏳ en cours \\(statut « .+ »\\)`));
  });
});

describe('Retry', () => {
  it('refuses a job it cannot retry in the clicker’s language', async () => {
    await h.click('retry:abcd1234', { locale: 'es' });
    expect(lastEphemeral()?.text).toBe(
      'No se puede reintentar ningún trabajo `abcd1234` de este canal (los trabajos se guardan 30 días). Vuelve a ejecutar el comando.',
    );
  });
});

describe('the Home section of running jobs', () => {
  it('is in the reader’s language', async () => {
    await h.command('/broll https://example.com/slow-talk.mp4');
    const page = await h.bot.home?.({ ...origin, locale: 'pt-BR' });
    const section = page?.cards?.find((c) => c.title?.startsWith('Seus jobs em andamento'));
    expect(section?.title).toBe('Seus jobs em andamento (1)');
    expect(section?.body).toMatch(/^• 🎥 B-roll `[a-z0-9]+` — .* · iniciado há \d+ s$/);
  });
});
