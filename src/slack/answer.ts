// Slack's primitives for the core's dispatch: ack() within Slack's 3 s (its body can carry a refusal, or
// a form's field errors), views.open with the trigger_id (valid 3 s, whatever the ack), and the Reply.
import type { Answer, Reader } from '../core/platform/interaction.ts';
import type { OutMessage } from '../core/platform/message.ts';
import type { Reply } from '../core/ports.ts';
import type { SlackApi } from './api.ts';
import { cut, toPlain } from './markup.ts';
import { renderMessage } from './render.ts';
import { commandFormView, modalView, type ViewMeta } from './views.ts';
import { slackWords } from './words.ts';

export type Ack = (response?: Record<string, unknown>) => Promise<void>;

/**
 * Bolt complains (and Slack retries) when an ack is missing, and refuses a second one. Once called, Bolt's
 * ack is let go: it holds the whole request and response, and this wrapper lives as long as the work
 * behind the acknowledgement (the dispatch keeps `conclude` until then).
 */
function ackOnce(boltAck: Ack): Ack & { done(): boolean } {
  let ack: Ack | undefined = boltAck;
  const f = async (response?: Record<string, unknown>) => {
    const first = ack;
    ack = undefined;
    await first?.(response);
  };
  return Object.assign(f, { done: () => ack === undefined });
}

interface Common {
  api: SlackApi;
  reply: Reply;
  ack: Ack;
  /** Present when the request carries one: then forms can open. */
  triggerId?: string | undefined;
  meta: ViewMeta;
  /** The person's language as users.info gave it, when kept (user-locales.ts): the words of the forms opened. */
  locale?: string | undefined;
  /** Looks it up when it is not kept yet (at most a second: user-locales.ts), for a form opened after the ack. */
  readerLater?: (() => Promise<Reader | undefined>) | undefined;
}

/** The words of a form opened after the ack: the person's language, looked up first if need be (English if not). */
async function formWords(locale: string | undefined, later: Common['readerLater']) {
  // The trigger_id lives 3 s from the command; the lookup gives up after 1 s (user-locales.ts), so views.open keeps time.
  return slackWords(locale ?? (await later?.().catch(() => undefined))?.locale);
}

// The answers below read the fields they need out of `o` and never close over `o` itself: it holds
// Bolt's ack, which `ackOnce` lets go of after acknowledging.

/** A slash command: a refusal rides on the ack itself, ephemerally. */
export function commandAnswer(o: Common): Answer {
  const ack = ackOnce(o.ack);
  const { api, reply, meta, triggerId, locale, readerLater } = o;
  return {
    formsAfterAck: true,
    async acknowledge(_mode, message?: OutMessage) {
      if (!ack.done() && message) await ack({ response_type: 'ephemeral', ...renderMessage(message) });
      else if (message) await reply.ephemeral(message);
      else await ack();
      return reply;
    },
    ...(triggerId
      ? {
          async openForm(form) {
            await ack();
            await api.openView(triggerId, modalView(form, meta, await formWords(locale, readerLater)));
          },
          async openCommandForm(spec) {
            await ack();
            await api.openView(triggerId, commandFormView(spec, meta, await formWords(locale, readerLater)));
          },
        }
      : {}),
    conclude: () => ack(),
  };
}

/** A click or menu pick: the ack carries nothing; the clicker's answers go through the Reply. */
export function clickAnswer(o: Common): Answer {
  const ack = ackOnce(o.ack);
  const { api, reply, meta, triggerId, locale, readerLater } = o;
  return {
    formsAfterAck: true,
    async acknowledge(_mode, message?: OutMessage) {
      await ack();
      if (message) await reply.ephemeral(message);
      return reply;
    },
    ...(triggerId
      ? {
          async openForm(form) {
            await ack();
            await api.openView(triggerId, modalView(form, meta, await formWords(locale, readerLater)));
          },
        }
      : {}),
    conclude: () => ack(),
  };
}

/**
 * A submitted form: a refusal stays in the form under its first field (nothing typed is lost); a next
 * form replaces it (response_action update); anything else closes it.
 */
export function viewAnswer(o: Omit<Common, 'triggerId'> & { firstBlockId: string | undefined }): Answer {
  const ack = ackOnce(o.ack);
  const { reply, meta, firstBlockId, locale } = o;
  return {
    async acknowledge(_mode, message?: OutMessage) {
      if (!ack.done() && message && firstBlockId) {
        await ack({ response_action: 'errors', errors: { [firstBlockId]: cut(toPlain(message.text), 2000) } });
        return reply;
      }
      await ack();
      if (message) await reply.ephemeral(message);
      return reply;
    },
    async openForm(form) {
      // Within the ack's 3 s: no lookup here; the language kept for the person, else English.
      await ack({ response_action: 'update', view: modalView(form, meta, slackWords(locale)) });
    },
    conclude: () => ack(),
  };
}

/** An @mention: Bolt acknowledged the event already, and there is no trigger for a form. */
export function mentionAnswer(reply: Reply): Answer {
  return {
    async acknowledge(_mode, message?: OutMessage) {
      if (message) await reply.ephemeral(message);
      return reply;
    },
  };
}
