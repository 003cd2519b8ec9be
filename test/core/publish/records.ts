// A publish request record and a channel policy as the rule's and the renderers' unit tests start from: one
// waiting request of the console's channel, nothing approved, asked at T0.
import { type Policy, policySchema } from '../../../src/core/publish/approvals/policy.ts';
import type { Content, PublishRequestRecord } from '../../../src/core/publish/requests/model.ts';

export const T0 = Date.UTC(2026, 11, 1, 9, 0);

export const aPolicy = (p: Partial<Policy> = {}): Policy => ({ ...policySchema.parse({}), ...p });

/** What a test changes of the record: any field, and any part of its content. */
export type RequestChanges = Omit<Partial<PublishRequestRecord>, 'content'> & { content?: Partial<Content> };

export function aRequest(over: RequestChanges = {}): PublishRequestRecord {
  return {
    id: 'req1',
    channelKey: 'console:local:local',
    thread: { platform: 'console', workspaceId: 'local', channelId: 'local', threadId: 't', cardMessageId: 'c' },
    requester: { userId: 'rex' },
    approvals: [],
    changes: [],
    reviewers: [],
    state: 'pending',
    attempt: 1,
    posts: [],
    editedAt: T0,
    createdAt: T0,
    updatedAt: T0,
    ...over,
    content: {
      videoUrl: 'https://example.com/v.mp4',
      title: 'Launch',
      description: '',
      accounts: ['brand'],
      privacy: 'public',
      scheduleAt: null,
      ...over.content,
    },
  };
}
