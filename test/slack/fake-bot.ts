// The fake bot as the Slack adapter's tests script it: errors, forms, runs that answer ephemerally, publicly
// or with a job thread, and a crash (the recording is the one fake bot's, test/support/fake-bot.ts).
import type { Choice } from '../../src/core/platform/interaction.ts';
import { mention } from '../../src/core/platform/message.ts';
import { createFakeBot as createScriptedBot, type FakeBot, type FakeBotScript, run } from '../support/fake-bot.ts';

export type { FakeBot };

export const VOICES: Choice[] = [
  { name: 'Jenny (English, US)', value: 'en-US-JennyNeural' },
  { name: 'Denise (French)', value: 'fr-FR-DeniseNeural' },
  { name: 'Guy (English, US)', value: 'en-US-GuyNeural' },
];

const slackScript: FakeBotScript = {
  command(invocation, bot) {
    const text = invocation.text?.trim() ?? '';
    switch (invocation.command) {
      case 'clip': {
        const url = String(invocation.options?.url ?? text.split(/\s+/)[0] ?? '');
        if (!/^https?:\/\//.test(url))
          return { kind: 'error', message: `**${url || 'Nothing'}** is not a link. Try \`/clip https://…\`` };
        return run(async (reply) => {
          const thread = await reply.openThread({
            text: `Clipping ${url}`,
            cards: [{ title: 'Clip job', body: url, tone: 'pending' }],
          });
          bot.threads.push(thread);
        });
      }
      case 'setup':
        if (!invocation.canConfigure)
          return { kind: 'error', message: 'Only workspace admins can configure the bot here.' };
        if (text === 'key') {
          return {
            kind: 'modal',
            modal: {
              id: 'setup-key',
              title: 'API key',
              inputs: [{ id: 'api_key', label: 'API key', style: 'short', required: true, secret: true }],
            },
          };
        }
        return run(async (reply) => reply.ephemeral({ text: 'Settings: no API key yet.' }), true);
      case 'jobs':
        return run(async () => {
          throw new Error('the job list exploded');
        });
      default:
        return run(async (reply) => reply.ephemeral({ text: `ran ${invocation.command}` }), true);
    }
  },
  action: (event) => run(async (reply) => reply.public({ text: `Retrying for ${mention(event.origin.userId)}` })),
  modal(submission) {
    if (!submission.values.api_key?.startsWith('sk_'))
      return { kind: 'error', message: 'That key does not look right.' };
    return run(async (reply) => reply.ephemeral({ text: 'Key saved.' }), true);
  },
  autocomplete(_command, option, query) {
    if (option !== 'voice') return [];
    return VOICES.filter((v) => v.name.toLowerCase().includes(query.toLowerCase()));
  },
};

export const createFakeBot = (): FakeBot => createScriptedBot(slackScript);
