// `npm run sandbox`: the media API simulator as a standalone server (SANDBOX_PORT, default 4010).
import { loadSandboxConfig } from '../config.ts';
import { startSandbox } from '../sandbox/server.ts';

function describe(o: ReturnType<typeof loadSandboxConfig>): string {
  return [
    `  jobs take ${o.jobMs} ms (SANDBOX_JOB_MS); inputs containing "slow" take 10x, "fail" end as failed`,
    `  rate limit ${o.rateLimitPerMinute} requests/minute per key (SANDBOX_RATE_LIMIT)`,
    `  webhook retries every ${o.webhookRetryMs} ms, up to 5 (SANDBOX_WEBHOOK_RETRY_MS)`,
    `  duplicate webhooks ${o.webhookDuplicates ? 'on' : 'off'} (SANDBOX_WEBHOOK_DUPLICATES)`,
    '  API keys: any non-empty key works; "invalid..." -> 401, "forbidden..." -> 403, "error500..." -> 500',
  ].join('\n');
}

async function main(): Promise<void> {
  const options = loadSandboxConfig();
  const sandbox = await startSandbox(options);
  process.stdout.write(`Media API sandbox listening: ${sandbox.baseUrl}\n${describe(options)}\n`);
  process.stdout.write(
    `  posts log: ${sandbox.origin}/sandbox/posts, webhooks log: ${sandbox.origin}/sandbox/webhooks\n`,
  );
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${signal}: stopping the sandbox\n`);
    void sandbox.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
