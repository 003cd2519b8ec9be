// A publish request record and a channel policy as the rule's and the renderers' unit tests start from: one
// waiting request of the console's channel, nothing approved, asked at T0.
import type { Member } from '../../../src/core/publish/approvals/decide.ts';
import { type Policy, policySchema } from '../../../src/core/publish/approvals/policy.ts';
import type { Content, PublishRequestRecord, Reviewer } from '../../../src/core/publish/requests/model.ts';
import { publishWords } from '../../../src/core/publish/words.ts';

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

/** Where these records live, and their members act: the console's one workspace. */
export const HERE = { platform: 'console', workspaceId: 'local' } as const;

/** A team member acting here, who may not configure the bot, reading English unless told otherwise. */
export const aMember = (userId: string, over: Partial<Member> = {}): Member => ({
  userId,
  canConfigure: false,
  where: HERE,
  t: publishWords('en'),
  ...over,
});

/** An outside reviewer's link, made by cy at T0. */
export const ANA: Reviewer = {
  id: 'ana1',
  name: 'Ana (Acme)',
  tokenHash: 'hash-ana',
  createdBy: { userId: 'cy' },
  createdAt: T0,
};
