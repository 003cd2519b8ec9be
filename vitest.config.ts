import { configDefaults, defineConfig } from 'vitest/config';

// Three tiers, told apart by file name. `x.test.ts` is a unit test: no socket, no child process, no Redis (its setup
// file refuses them). `x.integration.test.ts` runs a whole bot in one process against Redis and the platform doubles.
// `x.process.test.ts` starts child processes: crash, failover, production start, deployment, piped consoles.
const SLOW_TIERS = ['test/**/*.integration.test.ts', 'test/**/*.process.test.ts'];

export default defineConfig({
  test: {
    // Tests talk to real servers on loopback (sandbox, Redis, platform doubles); give them room on a 2-core machine.
    testTimeout: 20_000,
    hookTimeout: 20_000,
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...SLOW_TIERS],
          setupFiles: ['test/support/no-sockets.ts'],
          // Nothing here holds a socket or a process, so files can share warm workers.
          pool: 'threads',
          isolate: false,
          maxWorkers: '100%',
          // Runs first and alone: its workers differ from the others', which vitest only allows in separate groups.
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/**/*.integration.test.ts'],
          globalSetup: ['test/support/redis-server.ts'],
          pool: 'forks',
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'process',
          include: ['test/**/*.process.test.ts'],
          globalSetup: ['test/support/redis-server.ts'],
          pool: 'forks',
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
