import { describe, expect, it } from 'vitest';
import { createDispatch } from '../../../src/core/platform/dispatch.ts';
import type { Answer, Bot, Entry, Invocation } from '../../../src/core/platform/interaction.ts';
import type { Reply } from '../../../src/core/ports.ts';
import { origin } from '../../support/harness.ts';
import { createRecordingChat } from '../../support/recording-chat.ts';
import { createRecordingLogger } from '../../support/recording-logger.ts';

// A person whose language the platform did not send (Slack) is acknowledged at once; the work behind the
// acknowledgement waits for the language and is prepared again in it.

/** A bot whose every command answers, after the ack, in the language the invocation carried. */
function languageBot(steps: string[]): Bot {
  return {
    commands: [{ name: 'help', description: 'h', usage: '/help', options: [], ephemeral: true }],
    prepare(inv: Invocation) {
      steps.push(`prepare:${inv.origin.locale ?? 'none'}`);
      return {
        kind: 'run',
        ephemeral: true,
        run: async (reply: Reply) => void (await reply.ephemeral({ text: `in ${inv.origin.locale ?? 'the default'}` })),
      };
    },
    prepareAction: () => ({ kind: 'error', message: 'no' }),
    prepareModal: () => ({ kind: 'error', message: 'no' }),
    autocomplete: () => [],
  };
}

function answerFor(steps: string[]) {
  const chat = createRecordingChat();
  const reply = chat.reply(origin);
  const answer: Answer = {
    async acknowledge(mode) {
      steps.push(`ack:${mode}`);
      return reply;
    },
    formsAfterAck: true,
  };
  return { answer, chat };
}

const help = (extra: Partial<Entry>): Entry =>
  ({ kind: 'command', command: 'help', text: '', origin, canConfigure: true, ...extra }) as Entry;

describe('a person whose language is not known yet', () => {
  it('is acknowledged before the language is looked up, and answered in it', async () => {
    const steps: string[] = [];
    const dispatch = createDispatch({ bot: languageBot(steps), logger: createRecordingLogger() });
    const { answer, chat } = answerFor(steps);
    const readerLater = async () => {
      steps.push('lookup');
      await new Promise((r) => setTimeout(r, 30));
      return { locale: 'ja-JP' };
    };
    await dispatch.handle(help({ readerLater }), answer);
    expect(steps).toEqual(['prepare:none', 'ack:ephemeral']);
    await dispatch.idle();
    expect(steps).toEqual(['prepare:none', 'ack:ephemeral', 'lookup', 'prepare:ja-JP']);
    expect(chat.ephemerals().map((e) => e.message.text)).toEqual(['in ja-JP']);
  });

  it('is answered in the default when the platform cannot say', async () => {
    const steps: string[] = [];
    const dispatch = createDispatch({ bot: languageBot(steps), logger: createRecordingLogger() });
    const { answer, chat } = answerFor(steps);
    await dispatch.handle(help({ readerLater: async () => undefined }), answer);
    await dispatch.idle();
    expect(steps).toEqual(['prepare:none', 'ack:ephemeral']);
    expect(chat.ephemerals().map((e) => e.message.text)).toEqual(['in the default']);
  });

  it('whose language is known is prepared once, in it', async () => {
    const steps: string[] = [];
    const dispatch = createDispatch({ bot: languageBot(steps), logger: createRecordingLogger() });
    const { answer, chat } = answerFor(steps);
    await dispatch.handle(help({ origin: { ...origin, locale: 'de' } }), answer);
    await dispatch.idle();
    expect(steps).toEqual(['prepare:de', 'ack:ephemeral']);
    expect(chat.ephemerals().map((e) => e.message.text)).toEqual(['in de']);
  });
});
