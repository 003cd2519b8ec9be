// A small Bot that takes every path an adapter must handle: errors, forms, runs that answer ephemerally,
// publicly or with a job thread, and a crash. It records what reached it.
import { COMMANDS } from '../../src/core/app/commands.ts';
import type {
  ActionEvent,
  Bot,
  Choice,
  Invocation,
  ModalSubmission,
  Prepared,
} from '../../src/core/platform/interaction.ts';
import { mention } from '../../src/core/platform/message.ts';
import type { Origin, Reply, ThreadRef } from '../../src/core/ports.ts';

export const VOICES: Choice[] = [
  { name: 'Jenny (English, US)', value: 'en-US-JennyNeural' },
  { name: 'Denise (French)', value: 'fr-FR-DeniseNeural' },
  { name: 'Guy (English, US)', value: 'en-US-GuyNeural' },
];

export interface FakeBot extends Bot {
  invocations: Invocation[];
  actions: ActionEvent[];
  submissions: ModalSubmission[];
  threads: ThreadRef[];
  autocompletes: Array<{ command: string; option: string; query: string; origin: Origin }>;
}

const run = (work: (reply: Reply) => Promise<void>, ephemeral = false): Prepared => ({
  kind: 'run',
  ephemeral,
  run: work,
});

export function createFakeBot(): FakeBot {
  const bot: FakeBot = {
    commands: COMMANDS,
    invocations: [],
    actions: [],
    submissions: [],
    threads: [],
    autocompletes: [],
    prepare(invocation) {
      bot.invocations.push(invocation);
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
    prepareAction(event) {
      bot.actions.push(event);
      return run(async (reply) => reply.public({ text: `Retrying for ${mention(event.origin.userId)}` }));
    },
    prepareModal(submission) {
      bot.submissions.push(submission);
      if (!submission.values.api_key?.startsWith('sk_'))
        return { kind: 'error', message: 'That key does not look right.' };
      return run(async (reply) => reply.ephemeral({ text: 'Key saved.' }), true);
    },
    autocomplete(command, option, query, origin) {
      bot.autocompletes.push({ command, option, query, origin });
      if (option !== 'voice') return [];
      return VOICES.filter((v) => v.name.toLowerCase().includes(query.toLowerCase()));
    },
  };
  return bot;
}
