import { describe, expect, it } from 'vitest';
import { createdResponseSchema } from '../../src/core/media/schemas.ts';
import type { Sandbox } from '../../src/sandbox/server.ts';
import type { WebhookAttempt } from '../../src/sandbox/webhooks.ts';
import { CREATE_EXAMPLES } from './doc-examples.ts';
import { call, type ReceiverScript, sandboxForTest, waitFor, webhookReceiver } from './helpers.ts';

async function attempts(sandbox: Sandbox): Promise<WebhookAttempt[]> {
  const res = await fetch(`${sandbox.origin}/sandbox/webhooks`);
  return ((await res.json()) as { attempts: WebhookAttempt[] }).attempts;
}

/** Starts a sandbox and a receiver, creates one clip project aimed at the receiver. */
async function projectWithReceiver(script: ReceiverScript, options: Parameters<typeof sandboxForTest>[0] = {}) {
  const receiver = await webhookReceiver(script);
  const sandbox = await sandboxForTest({ jobMs: 10, webhookRetryMs: 20, webhookTimeoutMs: 2000, ...options });
  const body = { ...CREATE_EXAMPLES.clip, webhookUrl: receiver.url };
  const { projectId } = createdResponseSchema.parse((await call(sandbox, 'POST', '/clip', { body })).body);
  return { sandbox, receiver, projectId };
}

/** Waits until the attempts log says the delivery is over (delivered or given up) for every copy. */
async function settled(sandbox: Sandbox, copies = 1): Promise<WebhookAttempt[]> {
  return waitFor(
    async () => {
      const log = await attempts(sandbox);
      const done = log.filter((a) => a.outcome !== 'failed');
      return done.length >= copies ? log : undefined;
    },
    { what: 'the webhook delivery to settle' },
  );
}

describe('webhook delivery to a real receiver', () => {
  it('POSTs the project JSON once, the same body GET /projects/{id} returns', async () => {
    const { sandbox, receiver, projectId } = await projectWithReceiver(() => 200);
    await settled(sandbox);
    expect(receiver.deliveries).toHaveLength(1);
    const [delivery] = receiver.deliveries;
    expect(delivery?.headers['content-type']).toBe('application/json');
    expect(delivery?.body).toMatchObject({ projectId, status: 'completed' });
    expect((await call(sandbox, 'GET', `/projects/${projectId}`)).body).toEqual(delivery?.body);
  });

  it('also delivers a failed project', async () => {
    const receiver = await webhookReceiver(() => 204);
    const sandbox = await sandboxForTest({ jobMs: 10 });
    const body = { ...CREATE_EXAMPLES.tts, webhookUrl: receiver.url, prompt: 'fail please' };
    await call(sandbox, 'POST', '/tts', { body });
    await settled(sandbox);
    expect(receiver.deliveries.map((d) => d.body)).toEqual([
      expect.objectContaining({ status: 'failed', error: expect.any(String), outputs: [] }),
    ]);
  });

  it('retries after non-2xx answers until one succeeds', async () => {
    const { sandbox, receiver } = await projectWithReceiver((n) => (n < 3 ? 503 : 200));
    const log = await settled(sandbox);
    expect(receiver.deliveries).toHaveLength(3);
    expect(log.map((a) => [a.attempt, a.status, a.outcome])).toEqual([
      [1, 503, 'failed'],
      [2, 503, 'failed'],
      [3, 200, 'delivered'],
    ]);
  });

  it('gives up after 5 retries (6 attempts in all)', async () => {
    const { sandbox, receiver } = await projectWithReceiver(() => 500);
    const log = await settled(sandbox);
    expect(receiver.deliveries).toHaveLength(6);
    expect(log.map((a) => a.outcome)).toEqual(['failed', 'failed', 'failed', 'failed', 'failed', 'gave_up']);
  });

  it('counts a receiver that never answers as a failure and retries', async () => {
    const { sandbox, receiver } = await projectWithReceiver((n) => (n === 1 ? 'hang' : 200), {
      webhookTimeoutMs: 150,
    });
    const log = await settled(sandbox);
    expect(receiver.deliveries).toHaveLength(2);
    expect(log[0]).toMatchObject({
      attempt: 1,
      status: null,
      outcome: 'failed',
      error: expect.stringContaining('150 ms'),
    });
    expect(log[1]).toMatchObject({ attempt: 2, status: 200, outcome: 'delivered' });
  });

  it('delivers every completion twice when duplicates are on, to prove the receiver deduplicates', async () => {
    const { sandbox, receiver, projectId } = await projectWithReceiver(() => 200, { webhookDuplicates: true });
    const log = await settled(sandbox, 2);
    expect(receiver.deliveries).toHaveLength(2);
    expect(receiver.deliveries[0]?.body).toEqual(receiver.deliveries[1]?.body);
    expect(receiver.deliveries[0]?.body).toMatchObject({ projectId });
    expect(log.map((a) => [a.copy, a.outcome])).toEqual([
      [1, 'delivered'],
      [2, 'delivered'],
    ]);
  });

  it('retries the duplicate copy on its own', async () => {
    const { sandbox, receiver } = await projectWithReceiver((n) => (n === 2 ? 502 : 200), { webhookDuplicates: true });
    const log = await settled(sandbox, 2);
    expect(receiver.deliveries).toHaveLength(3);
    expect(log.map((a) => [a.copy, a.attempt, a.status])).toEqual([
      [1, 1, 200],
      [2, 1, 502],
      [2, 2, 200],
    ]);
  });
});
