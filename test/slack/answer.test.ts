import { describe, expect, it } from 'vitest';
import type { Reply } from '../../src/core/ports.ts';
import { type Ack, clickAnswer, commandAnswer, viewAnswer } from '../../src/slack/answer.ts';
import type { SlackApi } from '../../src/slack/api.ts';
import { collectGarbage } from '../support/gc.ts';
import { origin } from '../support/harness.ts';
import { createRecordingChat } from '../support/recording-chat.ts';

// Bolt's ack holds the whole request and response. The dispatch keeps an Answer's conclude until the work
// behind the acknowledgement ends (seconds in a burst), so once Slack has its answer the Answer must let
// go of Bolt's ack; it still acknowledges exactly once.

const api = {} as SlackApi;
const meta = { channelId: 'C0GENERAL' };

describe("Slack's answers", () => {
  for (const [name, make] of [
    ['a command', (reply: Reply, ack: Ack) => commandAnswer({ api, reply, ack, triggerId: 't.1', meta })],
    ['a click', (reply: Reply, ack: Ack) => clickAnswer({ api, reply, ack, triggerId: 't.1', meta })],
    ['a form', (reply: Reply, ack: Ack) => viewAnswer({ api, reply, ack, meta, firstBlockId: 'b' })],
  ] as const) {
    it(`acknowledge ${name} once, then keep nothing of Bolt's request`, async () => {
      const reply = createRecordingChat().reply(origin);
      const acks: unknown[] = [];
      const { conclude, request } = await (async () => {
        const request = { body: 'x'.repeat(10_000) };
        const answer = make(reply, async (response) => void acks.push([request.body.length, response]));
        await answer.acknowledge('public');
        return { conclude: answer.conclude, request: new WeakRef(request) };
      })();
      await collectGarbage();
      expect(request.deref()).toBeUndefined();
      await conclude?.();
      expect(acks).toEqual([[10_000, undefined]]);
    });
  }
});
