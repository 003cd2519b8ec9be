import { execFile, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { takeRefused } from './no-sockets.ts';

// The unit tier is fast because nothing in it waits on a socket or a process; these show the guard holds.

const TIER_ADVICE = /\*\.integration\.test\.ts .*\*\.process\.test\.ts/;

describe('a unit test', () => {
  it('cannot reach Redis or any other server, and is told where such a test belongs', () => {
    expect(() => connect(6379, '127.0.0.1')).toThrow(/a socket connection \(port 6379 on 127\.0\.0\.1\)/);
    expect(takeRefused()).toMatch(TIER_ADVICE);
  });

  it('cannot listen on a port', () => {
    expect(() => createServer().listen(0)).toThrow(/listening on a socket/);
    expect(takeRefused()).toMatch(TIER_ADVICE);
  });

  it('cannot start a child process, asynchronously or not', () => {
    expect(() => execFile('redis-server', ['--version'])).toThrow(/a child process/);
    expect(() => spawnSync('redis-server', ['--version'])).toThrow(/a child process \("redis-server"\)/);
    expect(takeRefused()).toMatch(TIER_ADVICE);
  });
});
