// The version rules, tested directly on the one decision rule: who may make a version, that a version starts the
// approvals over (no approval of an earlier version ever counts for a later one), which change requests it answers
// and which stay open, the bound of 20, and a version a job makes (reserved, then made or failed).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countedApprovals, openChanges, quorumReached } from '../../../../src/core/publish/approvals/approvals.ts';
import {
  addVersion,
  type Decision,
  decide,
  isRefusal,
  type Member,
  madeBy,
  type NewVersion,
  reserveVersion,
  type Verdict,
  versionFailed,
} from '../../../../src/core/publish/approvals/decide.ts';
import { contentHash, type PublishRequestRecord, requestSchema } from '../../../../src/core/publish/requests/model.ts';
import {
  answerKey,
  currentVersion,
  MAKING_STALE_MS,
  MAX_VERSIONS,
  versionsOf,
} from '../../../../src/core/publish/requests/versions.ts';
import { publishWords } from '../../../../src/core/publish/words.ts';
import { ANA, aMember, aPolicy, aRequest, type RequestChanges, T0 } from '../records.ts';

const request = (over: RequestChanges = {}): PublishRequestRecord =>
  aRequest({ ...over, content: { videoUrl: 'https://example.com/v1.mp4', ...over.content } });

const policy = aPolicy;
const member = (userId: string, canConfigure = false): Member => aMember(userId, { canConfigure });
const ana = ANA;
const next = (v: Verdict): PublishRequestRecord => {
  if (isRefusal(v)) throw new Error(`refused: ${v.message}`);
  return v;
};
const refusal = (v: Verdict) => (isRefusal(v) ? v.refused : undefined);
const approve = (r: PublishRequestRecord): Decision => ({ kind: 'approve', seenHash: contentHash(r.content) });
const subtitled = (answers: string[] = []): NewVersion => ({
  videoUrl: 'https://example.com/v2.mp4',
  how: 'subtitles',
  note: 'template beast',
  answers,
});

/** Version 1 where Ana (through her link) asked for changes at 0:12 and bea approved. */
function reviewed(): PublishRequestRecord {
  let r = request({ reviewers: [ana] });
  r = next(
    decide(
      r,
      policy(),
      {
        kind: 'outside',
        tokenHash: ana.tokenHash,
        inviter: { userId: 'cy', canConfigure: false },
        t: publishWords('en'),
      },
      { kind: 'changes', reason: 'The logo is too small', position: '0:12', seenHash: contentHash(r.content) },
      T0 + 1000,
    ),
  );
  r = next(
    decide(r, policy(), { kind: 'member', member: member('dan') }, { kind: 'changes', reason: 'Louder' }, T0 + 1500),
  );
  return next(decide(r, policy(), { kind: 'member', member: member('bea') }, approve(r), T0 + 2000));
}

describe('a new version', () => {
  it('may be made by the requester or someone who may configure the bot, not by another member', () => {
    const r = reviewed();
    expect(isRefusal(addVersion(r, policy(), { member: member('rex') }, subtitled(), T0 + 5000))).toBe(false);
    expect(isRefusal(addVersion(r, policy(), { member: member('zoe', true) }, subtitled(), T0 + 5000))).toBe(false);
    expect(refusal(addVersion(r, policy(), { member: member('bea') }, subtitled(), T0 + 5000))).toBe('not-yours');
    const elsewhere = { ...member('rex'), where: { platform: 'console' as const, workspaceId: 'other' } };
    expect(refusal(addVersion(r, policy(), { member: elsewhere }, subtitled(), T0 + 5000))).toBe('unknown');
  });

  it('starts the approvals over: an approval of version 1 never counts for version 2, even for the same video', () => {
    const r = reviewed();
    expect(countedApprovals(r, policy(), T0 + 3000)).toBe(1);
    const same = { ...subtitled(), videoUrl: r.content.videoUrl };
    const v2 = next(addVersion(r, policy(), { member: member('rex') }, same, T0 + 5000));
    expect(currentVersion(v2)).toBe(2);
    expect(v2.approvals).toEqual([]);
    expect(contentHash(v2.content)).not.toBe(contentHash(r.content));
    // bea's approval of version 1, put back by hand (a record written before the version), counts for nothing.
    const stale = {
      ...v2,
      approvals: r.approvals.map((a) => ({ ...a, at: T0 + 6000, hash: contentHash(v2.content) })),
    };
    expect(countedApprovals(stale, policy(), T0 + 7000)).toBe(0);
    // A page or list showing version 1 approves nothing of version 2.
    const fromPage = decide(v2, policy(), { kind: 'member', member: member('bea') }, approve(r), T0 + 7000);
    expect(refusal(fromPage)).toBe('edited');
    // Approving what version 2 shows counts, as version 2.
    const ok = next(decide(v2, policy(), { kind: 'member', member: member('bea') }, approve(v2), T0 + 7000));
    expect(ok.approvals[0]?.version).toBe(2);
    expect(quorumReached(ok, policy(), T0 + 8000)).toBe(true);
  });

  it('answers the change requests ticked and leaves the others open, each listed under its version', () => {
    const r = reviewed();
    const [anaAsk, danAsk] = openChanges(r);
    if (!anaAsk || !danAsk) throw new Error('two open change requests expected');
    const v2 = next(addVersion(r, policy(), { member: member('rex') }, subtitled([answerKey(anaAsk)]), T0 + 5000));
    expect(openChanges(v2).map((c) => c.userId)).toEqual(['dan']);
    const [, second] = versionsOf(v2);
    expect(second?.answers).toEqual([
      expect.objectContaining({
        userId: 'outside:ana1',
        position: '0:12',
        reviewer: 'Ana (Acme)',
        invitedBy: 'cy',
        on: 1,
      }),
    ]);
    // An Edit answers every open one, as before versions.
    const edited = { ...v2, editedAt: T0 + 9000, changesFrom: undefined };
    expect(openChanges(edited)).toEqual([]);
  });

  it('sends a held post back to waiting, so version 1 is never posted once version 2 exists', () => {
    const held = { ...reviewed(), state: 'scheduled' as const };
    const v2 = next(addVersion(held, policy(), { member: member('rex') }, subtitled(), T0 + 5000));
    expect(v2.state).toBe('pending');
    for (const state of ['publishing', 'published', 'unknown', 'cancelled'] as const)
      expect(refusal(addVersion({ ...held, state }, policy(), { member: member('rex') }, subtitled(), T0 + 5000))).toBe(
        'decided',
      );
  });

  it('keeps the outside reviewers’ links, and records the version each reviewer last decided on', () => {
    const r = reviewed();
    expect(r.reviewers[0]?.decidedOn).toBe(1);
    const v2 = next(addVersion(r, policy(), { member: member('rex') }, subtitled(), T0 + 5000));
    expect(v2.reviewers.map((x) => x.revokedAt)).toEqual([undefined]);
  });

  it('stops at 20 versions with a clear answer', () => {
    let r = request();
    for (let i = 2; i <= MAX_VERSIONS; i++)
      r = next(
        addVersion(
          r,
          policy(),
          { member: member('rex') },
          { ...subtitled(), videoUrl: `https://e.x/${i}.mp4` },
          T0 + i,
        ),
      );
    expect(versionsOf(r)).toHaveLength(MAX_VERSIONS);
    const more = addVersion(r, policy(), { member: member('rex') }, subtitled(), T0 + 100);
    expect(refusal(more)).toBe('versions');
    expect(isRefusal(more) && more.message).toMatch(/20 versions/);
  });

  it('keeps the record small: answers are references, the comments stay in their log', () => {
    let r = reviewed();
    for (let i = 2; i <= MAX_VERSIONS; i++) {
      const keys = openChanges(r).map(answerKey);
      r = next(
        addVersion(
          r,
          policy(),
          { member: member('rex') },
          { ...subtitled(keys), videoUrl: `https://e.x/${i}.mp4` },
          T0 + 10_000 * i,
        ),
      );
      r = next(
        decide(
          r,
          policy(),
          { kind: 'member', member: member('dan') },
          { kind: 'changes', reason: 'x'.repeat(1000) },
          T0 + 10_000 * i + 1,
        ),
      );
    }
    expect(JSON.stringify(requestSchema.parse(r)).length).toBeLessThan(16_000);
  });
});

describe('a version a job makes', () => {
  it('is reserved (the card says it is in the making), then made by the job of that reservation only', () => {
    const r = reviewed();
    const [anaAsk] = openChanges(r);
    const reserved = next(
      reserveVersion(
        r,
        member('rex'),
        { how: 'subtitles', answers: [answerKey(anaAsk ?? { userId: '', at: 0 })] },
        T0 + 5000,
      ),
    );
    expect(reserved.making).toMatchObject({ n: 2, how: 'subtitles' });
    // Another New version… waits for it.
    expect(refusal(addVersion(reserved, policy(), { member: member('rex') }, subtitled(), T0 + 6000))).toBe('making');
    const started = next(madeBy(reserved, 2, T0 + 5000, 'job1'));
    // Version 1 is still approvable meanwhile.
    expect(
      isRefusal(decide(started, policy(), { kind: 'member', member: member('eve') }, approve(started), T0 + 6000)),
    ).toBe(false);
    const other = addVersion(
      started,
      policy(),
      { making: { n: 2, jobId: 'job2' }, person: { userId: 'rex' } },
      subtitled(),
      T0 + 7000,
    );
    expect(refusal(other)).toBe('making');
    // Told in the request's thread, in its language: English as before, German for a German channel's request.
    expect((other as { message: string }).message).toBe('That version is no longer in the making.');
    const german = addVersion(
      { ...started, locale: 'de' },
      policy(),
      { making: { n: 2, jobId: 'job2' }, person: { userId: 'rex' } },
      subtitled(),
      T0 + 7000,
    );
    expect((german as { message: string }).message).toBe('Diese Version ist nicht mehr in Arbeit.');
    const made = next(
      addVersion(
        started,
        policy(),
        { making: { n: 2, jobId: 'job1' }, person: { userId: 'rex' } },
        subtitled(),
        T0 + 7000,
      ),
    );
    expect(currentVersion(made)).toBe(2);
    expect(made.making).toBeUndefined();
    expect(openChanges(made).map((c) => c.userId)).toEqual(['dan']);
    // Made once: the same job's end told again changes nothing.
    expect(
      refusal(
        addVersion(
          made,
          policy(),
          { making: { n: 2, jobId: 'job1' }, person: { userId: 'rex' } },
          subtitled(),
          T0 + 8000,
        ),
      ),
    ).toBe('making');
  });

  it('that fails leaves version 1 in place and says why', () => {
    const r = next(
      madeBy(
        next(reserveVersion(reviewed(), member('rex'), { how: 'subtitles', answers: [] }, T0 + 5000)),
        2,
        T0 + 5000,
        'job1',
      ),
    );
    const failed = next(versionFailed(r, 2, 'job1', 'The media API reported a failure', T0 + 9000));
    expect(currentVersion(failed)).toBe(1);
    expect(failed.making).toBeUndefined();
    expect(failed.unmade).toEqual({ n: 2, at: T0 + 9000, error: 'The media API reported a failure' });
    expect(countedApprovals(failed, policy(), T0 + 9000)).toBe(1);
    expect(isRefusal(versionFailed(failed, 2, 'job1', 'again', T0 + 9500))).toBe(true);
  });

  it('a reservation whose job never started is given up after a while', () => {
    const reserved = next(reserveVersion(reviewed(), member('rex'), { how: 'subtitles', answers: [] }, T0 + 5000));
    expect(refusal(reserveVersion(reserved, member('rex'), { how: 'broll', answers: [] }, T0 + 6000))).toBe('making');
    expect(
      isRefusal(reserveVersion(reserved, member('rex'), { how: 'broll', answers: [] }, T0 + 5000 + MAKING_STALE_MS)),
    ).toBe(false);
  });

  it('whatever happens between, the newest version alone is ever approvable (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('approve', 'version', 'changes'), { maxLength: 30 }), (steps) => {
        let r = request();
        let at = T0;
        const shown: PublishRequestRecord[] = [r];
        for (const step of steps) {
          at += 1000;
          const v =
            step === 'approve'
              ? decide(
                  r,
                  policy({ approvals: 2 }),
                  { kind: 'member', member: member('bea') },
                  approve(shown[0] ?? r),
                  at,
                )
              : step === 'changes'
                ? decide(
                    r,
                    policy(),
                    { kind: 'member', member: member('dan') },
                    { kind: 'changes', reason: `c${at}` },
                    at,
                  )
                : addVersion(
                    r,
                    policy(),
                    { member: member('rex') },
                    { ...subtitled(openChanges(r).map(answerKey)), videoUrl: `https://e.x/${at}.mp4` },
                    at,
                  );
          if (!isRefusal(v)) {
            r = v;
            shown.push(r);
          }
          // Every approval that counts is of the version the request shows now.
          for (const a of r.approvals.filter((x) => x.at >= r.editedAt)) expect(a.version ?? 1).toBe(currentVersion(r));
        }
      }),
    );
  });
});
