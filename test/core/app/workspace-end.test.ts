// A workspace's end is what the features say in their `workspace` slots: every feature's part runs, in order, even
// when one fails (the failure is logged, then thrown, so the durable task that asked is tried again).
import { describe, expect, it } from 'vitest';
import { createWorkspaceEnd } from '../../../src/core/app/workspace-end.ts';
import type { MountedFeature } from '../../../src/core/commands/define-feature.ts';
import type { WorkspaceRef } from '../../../src/core/platform/workspace-end.ts';
import { createRecordingLogger } from '../../support/recording-logger.ts';

const ACME: WorkspaceRef = { platform: 'slack', workspaceId: 'T0ACME' };

function feature(name: string, workspace: MountedFeature['workspace']): MountedFeature {
  return {
    name,
    deps: {},
    commands: [],
    actions: [],
    forms: [],
    setupParts: [],
    queues: {},
    home: [],
    routes: [],
    lookups: [],
    workspace,
  };
}

describe('a workspace’s end, assembled from the features', () => {
  it('asks every feature that has a part, and counts what they touched', async () => {
    const asked: string[] = [];
    const says = (what: string, touched: number) => async () => {
      asked.push(what);
      return touched;
    };
    const end = createWorkspaceEnd(
      [
        feature('jobs', { end: says('jobs end', 2) }),
        feature('voices', {}),
        feature('channels', { forget: says('channels forget', 3) }),
        feature('publish', {
          end: says('publish end', 1),
          forget: says('publish forget', 4),
        }),
      ],
      createRecordingLogger(),
    );
    expect(await end.end(ACME)).toBe(3);
    expect(await end.forget(ACME)).toBe(7);
    expect(asked).toEqual(['jobs end', 'publish end', 'channels forget', 'publish forget']);
  });

  it('lets the other features forget theirs when one fails, then says it failed', async () => {
    const logger = createRecordingLogger();
    let forgotten = 0;
    const end = createWorkspaceEnd(
      [
        feature('channels', {
          forget: async () => {
            throw new Error('store unavailable');
          },
        }),
        feature('publish', { forget: async () => ++forgotten }),
      ],
      logger,
    );
    await expect(end.forget(ACME)).rejects.toThrow('store unavailable');
    expect(forgotten).toBe(1);
    expect(logger.lines.map((l) => l.msg)).toEqual(["could not forget a removed workspace's channels"]);
  });
});
