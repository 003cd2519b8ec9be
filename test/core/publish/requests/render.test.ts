// The request card's approval line: what it still waits for, said once and counted by members.
import { describe, expect, it } from 'vitest';
import { mention } from '../../../../src/core/platform/message.ts';
import { contentHash } from '../../../../src/core/publish/requests/model.ts';
import { approvalLine, renderRequestCard } from '../../../../src/core/publish/requests/render.ts';
import { publishWords } from '../../../../src/core/publish/words.ts';
import { aPolicy, aRequest, T0 } from '../records.ts';

const request = aRequest;

const policy = aPolicy;

describe('the request card’s approval line', () => {
  it('with approvals=0 outside_review=required says once that it waits for an outside reviewer', () => {
    const p = policy({ approvals: 0, outsideReview: 'required' });
    const card = renderRequestCard(request(), p, T0, publishWords('en'));
    const approval = card.cards?.[0]?.fields?.find((f) => f.name === 'Approval')?.value;
    expect(approval).toBe("needs an outside reviewer's approval");
    const words = JSON.stringify([card.text, card.cards?.[0]?.title, card.cards?.[0]?.fields]);
    expect(words.match(/outside reviewer/g)).toHaveLength(1);
  });

  it('counts members, not approvals, and says what an uncounted link leaves it waiting for', () => {
    const p = policy({ approvals: 2, approvers: ['carol', 'dan'] });
    const r = request();
    const hash = contentHash(r.content);
    const line = approvalLine(
      {
        ...r,
        approvals: [
          { userId: 'outside:a', reviewer: 'Carol (Legal)', invitedBy: 'rex', at: T0, hash },
          { userId: 'outside:b', reviewer: 'Ana (Acme)', invitedBy: 'carol', standsFor: 'carol', at: T0, hash },
          { userId: 'carol', at: T0, hash, standsFor: 'carol' },
        ],
      },
      p,
      T0,
      publishWords('en'),
    );
    expect(line).toBe(
      `needs 2 approvals (1/2) — Carol (Legal), outside reviewer invited by ${mention('rex')} (not counted), Ana (Acme), outside reviewer invited by ${mention('carol')}, ${mention('carol')} · waiting for 1 more from ${mention('dan')} (an outside reviewer counts for the approver who invited them)`,
    );
  });
});
