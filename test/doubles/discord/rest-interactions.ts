// Interaction callbacks and the interaction token's webhook (original response and follow-ups).
import {
  asBody,
  createMessage,
  type DoubleContext,
  discordError,
  editMessage,
  type Handler,
  isResult,
  json,
  type RestResult,
} from './context.ts';
import type { MessageBody } from './limits.ts';
import type { InteractionRecord } from './state.ts';

/** Discord: the first response must come within 3 s, else the token is dead (10062). */
const FIRST_RESPONSE_MS = 3_000;

const unknownInteraction = () => discordError(404, 10062, 'Unknown interaction');
const unknownMessage = () => discordError(404, 10008, 'Unknown Message');

function callbackOutcome(ctx: DoubleContext, rec: InteractionRecord, type: number, data: Record<string, unknown>) {
  const body = data as MessageBody & { flags?: number };
  switch (type) {
    case 4:
    case 5: {
      const created = createMessage(ctx, {
        channelId: rec.channelId,
        body: type === 5 ? { flags: body.flags ?? 0 } : body,
        type: 20,
        interactionId: rec.id,
        loading: type === 5,
      });
      if (isResult(created)) return created;
      rec.originalMessageId = created.id;
      return null;
    }
    case 7: {
      const m = rec.messageId ? ctx.state.message(rec.messageId) : undefined;
      if (!m) return unknownMessage();
      const edited = editMessage(ctx, m, body);
      rec.originalMessageId = m.id;
      return edited.status === 200 ? null : edited;
    }
    case 8: {
      const choices = Array.isArray(data.choices) ? data.choices : [];
      return choices.length > 25 ? discordError(400, 50035, 'Invalid Form Body: choices: at most 25') : null;
    }
    case 9: {
      const title = typeof data.title === 'string' ? data.title : '';
      const components = Array.isArray(data.components) ? data.components : [];
      if (title.length < 1 || title.length > 45) return discordError(400, 50035, 'Invalid Form Body: title: 1 to 45');
      if (components.length < 1 || components.length > 5) {
        return discordError(400, 50035, 'Invalid Form Body: components: 1 to 5');
      }
      return null;
    }
    case 6:
      // A deferred update: the token's @original is now the message that holds the clicked control.
      if (rec.messageId) rec.originalMessageId = rec.messageId;
      return null;
    default:
      return discordError(400, 50035, `Invalid Form Body: type ${type}`);
  }
}

export const interactionCallback: Handler = (ctx, req, [id = '', token = '']): RestResult => {
  const rec = ctx.state.interactions.get(id);
  if (!rec || rec.token !== token) return unknownInteraction();
  const body = asBody(req.body);
  const type = Number(body.type);
  const data = asBody(body.data);
  const first = rec.callbacks.length === 0;
  rec.callbacks.push({ type, data });
  ctx.state.changed();
  if (!first) return discordError(400, 40060, 'Interaction has already been acknowledged.');
  if (Date.now() - rec.dispatchedAt > FIRST_RESPONSE_MS) return unknownInteraction();
  const refused = callbackOutcome(ctx, rec, type, data);
  if (refused) return refused;
  if (req.query.with_response !== 'true') return json(204);
  const message = rec.originalMessageId ? ctx.state.message(rec.originalMessageId) : undefined;
  return json(200, {
    interaction: { id: rec.id, type: 2, response_message_id: message?.id, response_message_ephemeral: false },
    resource: { type, ...(message ? { message: ctx.state.wire(message) } : {}) },
  });
};

function byToken(ctx: DoubleContext, applicationId: string, token: string) {
  if (applicationId !== ctx.applicationId) return undefined;
  return [...ctx.state.interactions.values()].find((r) => r.token === token && r.callbacks.length > 0);
}

function tokenMessage(ctx: DoubleContext, rec: InteractionRecord, messageId: string) {
  const id = messageId === '@original' ? rec.originalMessageId : messageId;
  const m = id ? ctx.state.message(id) : undefined;
  // A token reaches its own messages and, once a click was acknowledged as an update, the clicked one.
  const clicked = m?.id === rec.messageId && rec.originalMessageId === rec.messageId;
  return m && (m.interactionId === rec.id || clicked) ? m : undefined;
}

export const getTokenMessage: Handler = (ctx, _req, [app = '', token = '', messageId = '']) => {
  const rec = byToken(ctx, app, token);
  const m = rec && tokenMessage(ctx, rec, messageId);
  return m ? json(200, ctx.state.wire(m)) : unknownMessage();
};

export const patchTokenMessage: Handler = (ctx, req, [app = '', token = '', messageId = '']) => {
  const rec = byToken(ctx, app, token);
  const m = rec && tokenMessage(ctx, rec, messageId);
  return m ? editMessage(ctx, m, asBody(req.body) as MessageBody) : unknownMessage();
};

export const deleteTokenMessage: Handler = (ctx, _req, [app = '', token = '', messageId = '']) => {
  const rec = byToken(ctx, app, token);
  const m = rec && tokenMessage(ctx, rec, messageId);
  if (!m) return unknownMessage();
  ctx.state.messages.splice(ctx.state.messages.indexOf(m), 1);
  ctx.state.changed();
  return json(204);
};

/** A follow-up; the first one after a deferred reply replaces the "thinking…" message (as on Discord). */
export const postFollowUp: Handler = (ctx, req, [app = '', token = '']) => {
  const rec = byToken(ctx, app, token);
  if (!rec) return discordError(401, 50027, 'Invalid Webhook Token');
  const body = asBody(req.body) as MessageBody & { flags?: number };
  const original = rec.originalMessageId ? ctx.state.message(rec.originalMessageId) : undefined;
  if (original?.loading) return editMessage(ctx, original, body);
  const created = createMessage(ctx, { channelId: rec.channelId, body, interactionId: rec.id });
  return isResult(created) ? created : json(200, ctx.state.wire(created));
};
