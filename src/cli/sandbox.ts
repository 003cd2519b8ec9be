// `npm run sandbox`: the media API simulator as a standalone server (SANDBOX_PORT, default 4010).
import { loadSandboxConfig } from '../config.ts';
import { startSandbox } from '../sandbox/server.ts';
import { parseCliArgs } from './args.ts';

const USAGE = `Usage: npm run sandbox

Runs the media API simulator on its own, for a bot started elsewhere with MEDIA_API_URL set to the URL it prints.
It takes no options; these variables change it (defaults in brackets):
  SANDBOX_PORT                port to listen on [4010]; 0 = any free port
  SANDBOX_HOST                interface to listen on [127.0.0.1]; keep it on loopback
  SANDBOX_JOB_MS              how long a project stays processing [3000]; "slow" in an input: 10x, "fail": failed
  SANDBOX_RATE_LIMIT          requests per minute per API key before 429 [600]
  SANDBOX_WEBHOOK_RETRY_MS    pause between webhook retries [30000]
  SANDBOX_WEBHOOK_TIMEOUT_MS  how long a webhook receiver may take to answer [5000]
  SANDBOX_WEBHOOK_DUPLICATES  1 = deliver every webhook twice [off]
Stop it with Ctrl-C (SIGINT) or SIGTERM.`;

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
  if (!parseCliArgs(USAGE, {})) return;
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
