import { afterEach, describe, expect, it } from 'vitest';
import { createSandboxApp, type SandboxApp } from '../../src/sandbox/app.ts';
import { DEFAULT_SANDBOX_OPTIONS } from '../../src/sandbox/options.ts';
import type { PostResult } from '../../src/sandbox/webhooks.ts';
import { CREATE_EXAMPLES, WEBHOOK } from './doc-examples.ts';

// A sandbox in the test's own process hands its webhooks to a delivery it is given, with no socket; what the
// receiver answers decides retries exactly as over HTTP.

const apps: SandboxApp[] = [];
afterEach(() => {
  for (const a of apps.splice(0)) a.close();
});

function sandboxDelivering(answers: PostResult[]) {
  const delivered: Array<{ url: string; payload: string }> = [];
  const app = createSandboxApp({
    ...DEFAULT_SANDBOX_OPTIONS,
    jobMs: 10,
    webhookRetryMs: 10,
    origin: 'http://sandbox.test',
    async deliverWebhook(url, payload) {
      delivered.push({ url, payload });
      return answers.shift() ?? { status: 200, error: null };
    },
  });
  apps.push(app);
  const created = app.handle({
    method: 'POST',
    path: '/api/v2/broll/',
    headers: { 'x-api-key': 'k' },
    body: JSON.stringify(CREATE_EXAMPLES.broll),
  });
  const { projectId } = JSON.parse(created.body.toString()) as { projectId: string };
  return { delivered, projectId };
}

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('not delivered within 5 s');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('a webhook delivery given to the sandbox', () => {
  it('receives the finished project at the webhook URL the request named', async () => {
    const { delivered, projectId } = sandboxDelivering([]);
    await until(() => delivered.length === 1);
    expect(delivered[0]?.url).toBe(WEBHOOK);
    expect(JSON.parse(delivered[0]?.payload ?? '{}')).toMatchObject({ projectId, status: 'completed' });
  });

  it('is tried again after a refusal or a 503, until a 2xx', async () => {
    const { delivered } = sandboxDelivering([
      { status: null, error: 'connect ECONNREFUSED' },
      { status: 503, error: null },
    ]);
    await until(() => delivered.length === 3);
    await new Promise((r) => setTimeout(r, 50));
    expect(delivered).toHaveLength(3);
  });
});
