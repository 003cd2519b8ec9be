// Which of our bot processes owns a loopback connection, from the port it connected from: the crash
// test with three replicas kills the replica that is doing the work, not a bystander. Linux only
// (/proc): the connection's inode in /proc/net/tcp, then the process whose file descriptors hold it.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

function inodeOfLocalPort(port: number): string | undefined {
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      const local = cols[1]?.split(':')[1];
      if (local && Number.parseInt(local, 16) === port) return cols[9];
    }
  }
  return undefined;
}

/** The pid among `pids` whose socket connected from `port`, if any. */
export function ownerOf(port: number, pids: number[]): number | undefined {
  const inode = inodeOfLocalPort(port);
  if (!inode || inode === '0') return undefined;
  for (const pid of pids) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`, { encoding: 'utf8' }) === `socket:[${inode}]`) return pid;
      }
    } catch {
      // The process is gone or its descriptors changed while reading: not the owner.
    }
  }
  return undefined;
}
