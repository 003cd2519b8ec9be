import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Tests talk to real servers on loopback (sandbox, Redis, platform doubles); give them room on a 2-core machine.
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    reporters: ['default'],
    globalSetup: ['test/support/redis-server.ts'],
  },
});
