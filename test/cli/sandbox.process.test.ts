import { afterEach, describe, expect, it } from 'vitest';
import { run, stopAll } from '../support/bot-process.ts';

// `npm run sandbox -- --help` must explain itself and stop, not start a server the operator then has to kill.

afterEach(stopAll);

const sandbox = (args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'src/cli/sandbox.ts', ...args], { SANDBOX_PORT: '0' });

describe('npm run sandbox', () => {
  it('--help prints the variables that change it and exits 0 without listening', async () => {
    const r = sandbox(['--help']);
    expect(await r.exited).toBe(0);
    expect(r.output()).toContain('Usage: npm run sandbox');
    expect(r.output()).toContain('SANDBOX_PORT');
    expect(r.output()).not.toContain('listening');
  }, 30_000);

  it('refuses an option it does not take with exit 2, pointing at the variable instead', async () => {
    const r = sandbox(['--port', '4011']);
    expect(await r.exited).toBe(2);
    expect(r.output()).toContain("Unknown option '--port'");
    expect(r.output()).toContain('SANDBOX_PORT');
    expect(r.output()).not.toContain('listening');
  }, 30_000);
});
