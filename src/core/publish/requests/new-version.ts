// New version…: the next version of a request's video, made now by a follow-up job on the current one (subtitles,
// B-roll, a new cut of a clip's source), or taken from a finished video of the thread or a link. The one rule
// (approvals/decide.ts) decides each step on the stored record by compare-and-set: who may, the reservation a job
// makes ("version 2 in the making"), the version itself (its approvals start over, the change requests it answers).
// A job's end reaches this file through the jobs feature's continuation (`publish-version`), told once, also after
// a restart; a version a job could not make leaves the current one in place, and the card says so.
import type { JobEnded, JobService, StartJob } from '../../jobs/service.ts';
import { type Control, mention, type OutMessage } from '../../platform/message.ts';
import type { Logger, Reply } from '../../ports.ts';
import type { Scheduler } from '../../scheduler.ts';
import { deciderName } from '../approvals/approvals.ts';
import {
  addVersion,
  inWorkspace,
  isRefusal,
  type Member,
  madeBy,
  type NewVersion,
  refuseVersion,
  reserveVersion,
  UNKNOWN_REQUEST,
  versionFailed,
} from '../approvals/decide.ts';
import { publishWords } from '../words.ts';
import type { Advance } from './advance.ts';
import { PUBLISH_QUEUE } from './advance.ts';
import type { Making, OutputRef, Person, PublishRequestRecord, Version } from './model.ts';
import { personOf } from './model.ts';
import { atText } from './render.ts';
import type { PublishRepo } from './repo.ts';
import type { RequestWrites } from './request-writes.ts';
import { howText, VERSION_CONTINUATION, versionOf, versionsOf } from './versions.ts';

/** The menu's verb and the forms' id: `pubver:<how>:<request>[:<job>.<part>.<output>]`. */
export const VERSION_VERB = 'pubver';

/** A video of the thread, as the menu offers it: which output, and how the menu names it. */
export interface ThreadVideo {
  ref: OutputRef;
  label: string;
  videoUrl: string;
  thumbnailUrl?: string | undefined;
  clip: boolean;
}

/** At most this many videos of the thread are offered (a select holds 25 options on Discord). */
const MAX_PICKS = 25;

export interface NewVersionsDeps {
  repo: PublishRepo;
  clock: { now(): number };
  logger: Logger;
  scheduler: Scheduler;
  writes: RequestWrites;
  advance: Advance;
  jobs: JobService;
}

/** A job a version is made by: what to ask the media API, and what the version will say it is. */
export interface VersionJob {
  how: 'subtitles' | 'broll' | 'cut';
  note?: string | undefined;
  kind: StartJob['kind'];
  request: Record<string, unknown>;
  /** The clip the new version descends from (a new cut, or a follow-up of a version that does). */
  cut?: Version['cut'];
  answers: readonly string[];
}

export const refOf = (value: string): OutputRef | undefined => {
  const m = /^([a-z0-9]{4,32})\.(\d{1,3})\.(\d{1,3})$/.exec(value);
  return m ? { jobId: m[1] ?? '', part: Number(m[2]), index: Number(m[3]) } : undefined;
};
export const refText = (ref: OutputRef): string => `${ref.jobId}.${ref.part}.${ref.index}`;

/** A refusal said to `actor`: an unknown request in their words (the store's answer is English). */
const said = (actor: Member, refusal: string | undefined): string =>
  refusal === undefined || refusal === UNKNOWN_REQUEST ? actor.t.t('decide.unknown') : refusal;

export function createNewVersions(deps: NewVersionsDeps) {
  const { repo, clock, writes, jobs } = deps;

  async function find(id: string, where: Member['where']): Promise<PublishRequestRecord | undefined> {
    const r = await repo.get(id);
    return r && inWorkspace(r, where) ? r : undefined;
  }

  /** The finished videos of the jobs the request's versions came from: the other reels of its clip, earlier follow-ups. */
  async function threadVideos(r: PublishRequestRecord): Promise<ThreadVideo[]> {
    const out: ThreadVideo[] = [];
    // Offered in the thread, and kept as the version's note: in the request's language.
    const words = publishWords(r.locale);
    const jobIds = [...new Set(versionsOf(r).flatMap((v) => (v.source ? [v.source.jobId] : [])))];
    for (const jobId of jobIds.reverse()) {
      const job = await jobs.get(jobId);
      if (!job || job.channelKey !== r.channelKey) continue;
      for (let part = 0; part < job.requests.length; part++)
        for (let index = 0; index < MAX_PICKS; index++) {
          const o = await jobs.output(jobId, part, index, r.channelKey);
          if (!o) break;
          if (!o.videoUrl || o.videoUrl === r.content.videoUrl) continue;
          const named = { kind: job.kind, n: String(index + 1), job: jobId };
          const label = o.info?.title
            ? words.t('publish.version.pickTitled', { ...named, title: o.info.title })
            : words.t('publish.version.pick', named);
          out.push({
            ref: { jobId, part, index },
            label,
            videoUrl: o.videoUrl,
            ...(o.thumbnailUrl ? { thumbnailUrl: o.thumbnailUrl } : {}),
            clip: job.kind === 'clip',
          });
        }
    }
    return out.slice(0, MAX_PICKS);
  }

  /** What the current version descends from, for a new cut: its clip's request. */
  async function cutRequest(r: PublishRequestRecord): Promise<Record<string, unknown> | undefined> {
    const cut = versionOf(r, r.content.version ?? 1)?.cut;
    const job = cut && (await jobs.get(cut.jobId));
    if (!cut || !job || job.kind !== 'clip' || job.channelKey !== r.channelKey) return undefined;
    return job.requests[cut.part];
  }

  function menuMessage(r: PublishRequestRecord, n: number, by: Person, picks: ThreadVideo[], cut: boolean): OutMessage {
    const id = r.id;
    const words = publishWords(r.locale);
    const action = (label: string, how: string): Control => ({
      kind: 'action',
      label,
      id: `${VERSION_VERB}:${how}:${id}`,
    });
    const controls: Control[] = [
      action(words.t('publish.version.sub'), 'sub'),
      action(words.t('publish.version.broll'), 'broll'),
      ...(cut ? [action(words.t('publish.version.cut'), 'cut')] : []),
      action(words.t('publish.version.link'), 'link'),
      ...(picks.length > 0
        ? [
            {
              kind: 'select' as const,
              id: `${VERSION_VERB}:pick:${id}`,
              placeholder: words.t('publish.version.pickPlaceholder'),
              options: picks.map((p) => ({ label: p.label, value: refText(p.ref) })),
            },
          ]
        : []),
    ];
    return {
      text: words.t('publish.version.menu', { who: mention(by.userId), n: String(n) }),
      controls,
    };
  }

  /** The thread's one line for a new version: what it answers, what stays open, and who is asked to look again. */
  function versionLine(before: PublishRequestRecord, after: PublishRequestRecord, v: Version): string {
    const words = publishWords(after.locale);
    const answers = v.answers.map((a) => `${deciderName(a, words)}${atText(a, words)}`);
    const open = after.changes.filter((c) => !v.answers.some((a) => a.userId === c.userId && a.at === c.at));
    const stillOpen = open.map((c) => `${deciderName(c, words)}${atText(c, words)}`);
    // Everyone who approved or asked for changes on the version it follows: members by their id, reviewers by name
    // with the member who invited them (mentioned from the stored id).
    const prev = before.content.version ?? 1;
    const deciders = [
      ...before.approvals.filter((a) => (a.version ?? 1) === prev && a.at >= before.editedAt),
      ...before.changes.filter((c) => (c.version ?? 1) === prev),
    ];
    const named = new Set([...v.answers, ...open].map((x) => x.userId));
    const others = [
      ...new Set(
        deciders.filter((d) => !named.has(d.userId) && d.userId !== v.by.userId).map((d) => deciderName(d, words)),
      ),
    ];
    const parts = [
      answers.length > 0
        ? words.t('publish.version.answers', { asks: answers.join(', ') })
        : words.t('publish.version.answersNone'),
      ...(stillOpen.length > 0 ? [words.t('publish.version.stillOpen', { asks: stillOpen.join(', ') })] : []),
    ];
    const line = { n: String(v.n), who: mention(v.by.userId), how: howText(v, words), parts: parts.join('; ') };
    return others.length > 0
      ? words.t('publish.version.lineAgain', { ...line, others: others.join(', ') })
      : words.t('publish.version.line', line);
  }

  /** After a version was written: a held post's task goes, expiry and reminders are armed, the thread hears it. */
  async function landed(before: PublishRequestRecord, after: PublishRequestRecord, by: Person): Promise<void> {
    const v = versionsOf(after).at(-1);
    if (!v) return;
    if (before.state !== 'pending') await deps.scheduler.cancel(PUBLISH_QUEUE, after.id);
    await deps.advance.rearm(after);
    await writes.say(after, { text: versionLine(before, after, v) }, `version:${v.n}`);
    // With no approval asked, a version goes out as the first one would.
    await deps.advance.advance(after, by);
  }

  /** Writes version `v` of request `id` by compare-and-set; the record before and after, or a refusal. */
  async function write(
    id: string,
    by: Parameters<typeof addVersion>[2],
    v: NewVersion,
  ): Promise<{ before?: PublishRequestRecord; after?: PublishRequestRecord; refusal?: string }> {
    const at = clock.now();
    let before: PublishRequestRecord | undefined;
    const { record, refusal } = await writes.update(id, (r, policy) => {
      before = r;
      const next = addVersion(r, policy, by, v, at);
      return isRefusal(next) ? next.message : next;
    });
    return { ...(before ? { before } : {}), ...(record ? { after: record } : {}), ...(refusal ? { refusal } : {}) };
  }

  /** Said to whoever made a version: what it did, and which of their reviewers can look again. */
  function madeAnswer(after: PublishRequestRecord, actor: Member): string {
    const n = after.content.version ?? 1;
    const theirs = after.reviewers.filter(
      (x) => !x.revokedAt && x.createdBy.userId === actor.userId && x.decidedOn !== undefined && x.decidedOn < n,
    );
    return theirs.length
      ? actor.t.t('publish.version.madeLook', {
          n: String(n),
          reviewers: theirs.map((x) => `“${x.name}”`).join(', '),
        })
      : actor.t.t('publish.version.made', { n: String(n) });
  }

  return {
    threadVideos,
    cutRequest,

    /** The menu of ways to make the next version, posted in the request's thread (where its job's card will go). */
    async menu(id: string, actor: Member): Promise<string> {
      const r = await find(id, actor.where);
      if (!r) return actor.t.t('decide.unknown');
      const refused = refuseVersion(r, actor, clock.now());
      if (refused) return refused.message;
      const n = versionsOf(r).length + 1;
      const [picks, cut] = await Promise.all([threadVideos(r), cutRequest(r)]);
      await writes.say(
        r,
        menuMessage(r, n, personOf(actor), picks, cut !== undefined),
        `version-menu:${n}:${r.updatedAt}`,
      );
      return actor.t.t('publish.version.chooseInThread', { n: String(n) });
    },

    /** A version from a finished video of the thread, or a link: made now. */
    async adopt(
      id: string,
      actor: Member,
      v: Omit<NewVersion, 'answers'>,
      answers: readonly string[],
    ): Promise<string> {
      if (!(await find(id, actor.where))) return actor.t.t('decide.unknown');
      const { before, after, refusal } = await write(id, { member: actor }, { ...v, answers });
      if (refusal || !after || !before) return said(actor, refusal);
      await landed(before, after, personOf(actor));
      return madeAnswer(after, actor);
    },

    /**
     * A version made by a follow-up job: reserved (the card says it is in the making), the job started in the thread
     * the click came from, told to come back here when it ends. A job that could not start gives the reservation up.
     * Resolves to a refusal for the person who asked, or undefined once the job's card is out.
     */
    async make(
      id: string,
      actor: Member,
      job: VersionJob,
      origin: StartJob['origin'],
      reply: Reply,
    ): Promise<string | undefined> {
      const r = await find(id, actor.where);
      if (!r) return actor.t.t('decide.unknown');
      const at = clock.now();
      let making: Making | undefined;
      const { record, refusal } = await writes.update(id, (cur) => {
        const next = reserveVersion(
          cur,
          actor,
          { how: job.how, note: job.note, cut: job.cut, answers: job.answers },
          at,
        );
        making = isRefusal(next) ? undefined : next.making;
        return isRefusal(next) ? next.message : next;
      });
      if (refusal || !record || !making) return said(actor, refusal);
      const n = making.n;
      // The job's card title, in the thread: in the request's language.
      const words = publishWords(record.locale);
      const summary = words.t('publish.version.jobSummary', {
        n: String(n),
        id,
        how: howText({ how: job.how, note: job.note }, words),
      });
      let started: Awaited<ReturnType<JobService['start']>>;
      try {
        started = await jobs.start(
          {
            kind: job.kind,
            requests: [job.request],
            summary,
            origin,
            continuation: { name: VERSION_CONTINUATION, data: { requestId: id, n, at } },
          },
          reply,
        );
      } catch (err) {
        // Nothing was started: the reservation goes, so the next New version… may try again at once.
        await writes.update(id, (cur) =>
          cur.making?.n === n && cur.making.at === at && !cur.making.jobId
            ? (({ making: _m, ...rest }) => rest)(cur)
            : 'gone',
        );
        throw err;
      }
      await writes.update(id, (cur) => {
        const next = madeBy(cur, n, at, started.id);
        return isRefusal(next) ? next.message : next;
      });
      return undefined;
    },

    /** The jobs feature's continuation: the job of a version ended (told once, also after a restart). */
    async onJobEnded(ended: JobEnded): Promise<void> {
      const { requestId, n } = ended.job.continuation?.data ?? {};
      if (typeof requestId !== 'string' || typeof n !== 'number') return;
      const r = await repo.get(requestId);
      if (r?.making?.n !== n || (r.making.jobId !== undefined && r.making.jobId !== ended.job.id)) return;
      const making = r.making;
      // Cancelled meanwhile (or its workspace removed the bot): the reservation goes, and nothing is said.
      if (r.state === 'cancelled') {
        await repo.update(requestId, (cur) =>
          cur.making?.n === n ? (({ making: _gone, ...rest }) => rest)(cur) : undefined,
        );
        return;
      }
      const out = ended.outputs[0]?.[0];
      if (ended.state === 'settled' && out?.videoUrl) {
        const cut = making.how === 'cut' ? { jobId: ended.job.id, part: 0 } : making.cut;
        const v: NewVersion = {
          videoUrl: out.videoUrl,
          ...(out.thumbnailUrl ? { thumbnailUrl: out.thumbnailUrl } : {}),
          how: making.how,
          ...(making.note ? { note: making.note } : {}),
          source: { jobId: ended.job.id, part: 0, index: 0 },
          ...(cut ? { cut } : {}),
          answers: [],
        };
        const { before, after, refusal } = await write(
          requestId,
          { making: { n, jobId: ended.job.id }, person: making.by },
          v,
        );
        if (before && after) return landed(before, after, making.by);
        // Decided meanwhile (published, cancelled): its video stays in the thread, the request as it was.
        const current = await repo.get(requestId);
        if (current) {
          const words = publishWords(current.locale);
          const why = refusal ?? words.t('publish.version.changedMeanwhile');
          await writes.say(
            current,
            { text: words.t('publish.version.late', { n: String(n), why }) },
            `version-late:${n}`,
          );
        }
        return;
      }
      const words = publishWords(r.locale);
      const error =
        ended.error ?? words.t(ended.state === 'expired' ? 'publish.version.expired' : 'publish.version.noVideo');
      const at = clock.now();
      const { record } = await writes.update(requestId, (cur) => {
        const next = versionFailed(cur, n, ended.job.id, error, at);
        return isRefusal(next) ? next.message : next;
      });
      if (record) {
        const still = record.content.version ?? 1;
        await writes.say(
          record,
          {
            text: publishWords(record.locale).t('publish.version.failed', {
              who: mention(making.by.userId),
              n: String(n),
              how: howText({ how: making.how }, publishWords(record.locale)),
              still: String(still),
            }),
            quote: error,
          },
          `version-failed:${n}:${ended.job.id}`,
        );
      }
    },
  };
}

export type NewVersions = ReturnType<typeof createNewVersions>;
