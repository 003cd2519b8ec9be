import { describe, expect, it } from 'vitest';
import { UserError } from '../../../src/core/errors.ts';
import { APOLOGY, createDispatch, type Handled } from '../../../src/core/platform/dispatch.ts';
import type { AckMode, Answer, Bot, Entry, ModalSpec } from '../../../src/core/platform/interaction.ts';

import { createFakeBot } from '../../slack/fake-bot.ts';
import { collectGarbage } from '../../support/gc.ts';
import { origin } from '../../support/harness.ts';
import { createRecordingChat } from '../../support/recording-chat.ts';
import { createRecordingLogger } from '../../support/recording-logger.ts';

// The one dispatch: what reaches the platform first, what the person reads when something breaks, and
// the one log line per entry an operator follows.

function recordingAnswer(options: { forms?: boolean; formsAfterAck?: boolean } = {}) {
  const chat = createRecordingChat();
  const reply = chat.reply(origin);
  const steps: string[] = [];
  const answer: Answer = {
    async acknowledge(mode: AckMode, message) {
      steps.push(message ? `ack:${mode}:${message.text}` : `ack:${mode}`);
      if (message) await reply.ephemeral(message);
      return reply;
    },
    ...(options.forms === false ? {} : { openForm: async (form: ModalSpec) => void steps.push(`form:${form.id}`) }),
    ...(options.formsAfterAck ? { formsAfterAck: true } : {}),
    conclude: async () => void steps.push('conclude'),
  };
  return { answer, chat, steps };
}

function setup() {
  const logger = createRecordingLogger();
  const handled: Handled[] = [];
  const dispatch = createDispatch({ bot: createFakeBot(), logger, observe: (h) => handled.push(h) });
  return { dispatch, logger, handled };
}

const command = (command: string, text: string, extra: Partial<Entry> = {}): Entry =>
  ({ kind: 'command', command, text, origin, canConfigure: true, ...extra }) as Entry;

describe('the first answer', () => {
  it('acknowledges, then runs, then concludes, and logs one info line with who, where, what and how long', async () => {
    const { dispatch, logger } = setup();
    const { answer, chat, steps } = recordingAnswer();
    await dispatch.handle(command('clip', 'https://youtu.be/abc'), answer);
    await dispatch.idle();
    expect(steps).toEqual(['ack:public', 'conclude']);
    expect(chat.seen.map((s) => s.where)).toEqual(['card']);
    const lines = logger.lines.filter((l) => l.level === 'info');
    expect(lines).toHaveLength(1);
    expect(lines[0]?.obj).toMatchObject({ platform: 'console', channel: 'local', user: 'ana', command: 'clip' });
    expect(lines[0]?.obj).toMatchObject({ outcome: 'ok', ms: expect.any(Number), ackMs: expect.any(Number) });
  });

  it('refuses in the acknowledgement itself, only to the person', async () => {
    const { dispatch, handled } = setup();
    const { answer, steps } = recordingAnswer();
    await dispatch.handle(command('clip', 'notalink'), answer);
    expect(steps[0]).toMatch(/^ack:ephemeral:\*\*notalink\*\* is not a link/);
    expect(handled[0]).toMatchObject({ label: 'clip', outcome: 'invalid' });
  });

  it('opens a form as the first answer, or says where it can open when none can here', async () => {
    const { dispatch } = setup();
    const withForms = recordingAnswer();
    await dispatch.handle(command('setup', 'key'), withForms.answer);
    expect(withForms.steps).toEqual(['form:setup-key', 'conclude']);
    const mention = recordingAnswer({ forms: false });
    await dispatch.handle(
      { kind: 'mention', command: 'setup', text: 'key', origin, canConfigure: true },
      mention.answer,
    );
    expect(mention.chat.ephemerals()[0]?.message.text).toBe('That needs a form: run `/setup` to open it.');
  });

  it('acknowledges before a slow "who may configure" lookup where a form can still open after it', async () => {
    const { dispatch } = setup();
    const { answer, steps } = recordingAnswer({ formsAfterAck: true });
    const lookup = async () => {
      steps.push('lookup');
      return true;
    };
    await dispatch.handle(command('setup', 'key', { canConfigure: lookup }), answer);
    expect(steps).toEqual(['ack:ephemeral', 'lookup', 'form:setup-key', 'conclude']);
  });
});

describe('the one error boundary', () => {
  it('logs a failure once, apologises once in the one wording, and never rejects', async () => {
    const { dispatch, logger, handled } = setup();
    const { answer, chat } = recordingAnswer();
    await expect(dispatch.handle(command('jobs', ''), answer)).resolves.toBeUndefined();
    await dispatch.idle();
    expect(chat.ephemerals().map((s) => s.message.text)).toEqual([APOLOGY]);
    expect(JSON.stringify(chat.seen)).not.toMatch(/exploded|at .*\.ts/);
    const errors = logger.lines.filter((l) => l.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.obj).toMatchObject({ command: 'jobs', user: 'ana' });
    expect(handled[0]).toMatchObject({ outcome: 'error' });
  });

  it('shows a UserError to the person as it is written, and logs it as a refusal, not an error', async () => {
    const logger = createRecordingLogger();
    const bot = createFakeBot();
    bot.prepareAction = () => ({
      kind: 'run',
      ephemeral: false,
      run: async () => {
        throw new UserError('That job belongs to another channel.');
      },
    });
    const dispatch = createDispatch({ bot, logger });
    const { answer, chat, steps } = recordingAnswer();
    await dispatch.handle({ kind: 'click', actionId: 'retry:abc', origin, canConfigure: false }, answer);
    await dispatch.idle();
    expect(steps[0]).toBe('ack:update');
    expect(chat.ephemerals().map((s) => s.message.text)).toEqual(['⚠️ That job belongs to another channel.']);
    expect(logger.lines.filter((l) => l.level === 'error')).toEqual([]);
    expect(logger.lines.at(-1)?.obj).toMatchObject({ verb: 'retry', outcome: 'refused' });
  });

  it('stays silent towards the person when the acknowledgement itself failed (nothing can reach them)', async () => {
    const { dispatch, logger } = setup();
    const answer: Answer = {
      acknowledge: async () => {
        throw new Error('Unknown interaction (10062)');
      },
    };
    await expect(dispatch.handle(command('clip', 'https://youtu.be/abc'), answer)).resolves.toBeUndefined();
    expect(logger.lines.filter((l) => l.level === 'error')).toHaveLength(1);
    expect(logger.lines.filter((l) => l.level === 'warn')).toEqual([]);
  });

  it('answers autocomplete with nothing rather than failing', async () => {
    const logger = createRecordingLogger();
    const bot = createFakeBot();
    bot.autocomplete = () => {
      throw new Error('index broken');
    };
    const dispatch = createDispatch({ bot, logger });
    const answered: unknown[] = [];
    await dispatch.autocomplete({ command: 'tts', option: 'voice', query: 'j', origin }, async (c) => {
      answered.push(c);
    });
    expect(answered).toEqual([[]]);
  });
});

/** A bot whose /clip run waits for `release()`, then fails with `failure` if one is given. */
function gatedBot(failure?: Error) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  const bot: Bot = {
    ...createFakeBot(),
    prepare: () => ({
      kind: 'run',
      ephemeral: false,
      run: async () => {
        await gate;
        if (failure) throw failure;
      },
    }),
  };
  return { bot, release: () => release() };
}

describe('the work behind an acknowledgement', () => {
  it('runs after handle() returned, and a failure in it is still logged once and told only to the person', async () => {
    const logger = createRecordingLogger();
    const { bot, release } = gatedBot(new Error('exploded'));
    const handled: Handled[] = [];
    const dispatch = createDispatch({ bot, logger, observe: (h) => handled.push(h) });
    const { answer, chat, steps } = recordingAnswer();
    await dispatch.handle(command('clip', 'https://youtu.be/abc'), answer);
    // The platform has its answer and the request is let go; the work is still waiting.
    expect(steps).toEqual(['ack:public']);
    expect(dispatch.inFlight).toBe(1);
    expect(handled).toEqual([]);
    release();
    expect(await dispatch.drain(1_000)).toBe(true);
    expect(chat.ephemerals().map((s) => s.message.text)).toEqual([APOLOGY]);
    expect(logger.lines.filter((l) => l.level === 'error')).toHaveLength(1);
    expect(steps).toEqual(['ack:public', 'conclude']);
    expect(handled).toMatchObject([{ label: 'clip', outcome: 'error', ackMs: expect.any(Number) }]);
    expect(dispatch.inFlight).toBe(0);
  });

  it('keeps neither the Answer nor the platform request it holds while the work waits its turn', async () => {
    const { bot, release } = gatedBot();
    const dispatch = createDispatch({ bot, logger: createRecordingLogger() });
    const held = await (async () => {
      // What an adapter's Answer closes over: Bolt's request and response, a discord.js interaction.
      const request = { body: 'x'.repeat(10_000), answered: false };
      const { answer } = recordingAnswer();
      const platform: Answer = {
        ...answer,
        acknowledge(mode, message) {
          request.answered = true;
          return answer.acknowledge(mode, message);
        },
      };
      await dispatch.handle(command('clip', 'https://youtu.be/abc'), platform);
      return { request: new WeakRef(request), answer: new WeakRef(platform) };
    })();
    await collectGarbage();
    expect(dispatch.inFlight).toBe(1);
    expect(held.request.deref()).toBeUndefined();
    expect(held.answer.deref()).toBeUndefined();
    release();
    expect(await dispatch.drain(1_000)).toBe(true);
  });
});
