// A request's versions: version 1 is the video it was asked for; each New version… adds one (a follow-up job's
// result, a video of the thread, a link), which starts the approvals over and says which change requests it
// answers. What a version may be made of, and what it does to the request, is the one rule (approvals/decide.ts);
// this file holds the words and the reading of the record.
import type { Translator } from '../../i18n/catalogue.ts';
import type { Answer, PublishRequestRecord, Version } from './model.ts';

/** A request has at most this many versions: past it, a new request is the clearer start. */
export const MAX_VERSIONS = 20;
/** A version reserved for a job that never got its job id (the process stopped between the two) is this stale. */
export const MAKING_STALE_MS = 10 * 60_000;
/** The continuation the jobs feature tells when a version's job ends (registered by the publish feature). */
export const VERSION_CONTINUATION = 'publish-version';

/** The version the request shows and would post now. */
export const currentVersion = (r: Pick<PublishRequestRecord, 'content'>): number => r.content.version ?? 1;

/** Every version, oldest first: a request made before versions has one, its content. */
export function versionsOf(r: PublishRequestRecord): Version[] {
  if (r.versions && r.versions.length > 0) return r.versions;
  return [
    {
      n: 1,
      videoUrl: r.content.videoUrl,
      ...(r.content.thumbnailUrl ? { thumbnailUrl: r.content.thumbnailUrl } : {}),
      at: r.createdAt,
      by: r.requester,
      how: 'asked',
      answers: [],
    },
  ];
}

export const versionOf = (r: PublishRequestRecord, n: number): Version | undefined =>
  versionsOf(r).find((v) => v.n === n);

/**
 * "subtitles · template beast · top-center · l": how a version was made, in the bot's words (the note names the
 * options it was made with, as typed).
 */
export const howText = (v: Pick<Version, 'how' | 'note'>, t: Translator): string => {
  const how = t.t('publish.card.how', { how: v.how });
  return v.note ? `${how} · ${v.note}` : how;
};

/** A change request's key in the forms that tick them and in the comment log: who asked, and when. */
export const answerKey = (a: { userId: string; at: number }): string => `${a.userId}@${a.at}`;

type Change = PublishRequestRecord['changes'][number];

/** A change request as a version answers it: a reference, its text left in the comment log. */
export const answerOf = (c: Change): Answer => ({
  userId: c.userId,
  ...(c.userName ? { userName: c.userName } : {}),
  at: c.at,
  ...(c.reviewer ? { reviewer: c.reviewer } : {}),
  ...(c.invitedBy ? { invitedBy: c.invitedBy } : {}),
  ...(c.position ? { position: c.position } : {}),
  on: c.version ?? 1,
});

/** The version that answered a change request (by its key), if one did. */
export function answeredBy(r: PublishRequestRecord, key: string): Version | undefined {
  return versionsOf(r).find((v) => v.answers.some((a) => answerKey(a) === key));
}
