import { fstatSync } from 'node:fs';
import { isatty } from 'node:tty';
import type { InputKind } from '../config.ts';

// What is on the process's standard input, read without opening process.stdin (a platform bot never reads it).
// A service gets /dev/null (systemd's and Docker's default) or no descriptor at all; a pipe, a socket (a
// parent process's pipe) or a file is someone handing the console its commands.

export function inputKind(fd = 0): InputKind {
  if (isatty(fd)) return 'terminal';
  try {
    const stat = fstatSync(fd);
    return stat.isFIFO() || stat.isSocket() || stat.isFile() ? 'piped' : 'none';
  } catch {
    return 'none';
  }
}
