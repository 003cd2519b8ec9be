// The menu New version… posts in the request's thread (`pubver:<how>:<request>`), and the forms it opens: the
// follow-up's settings (subtitles: template, position, size; B-roll: type, frequency; a new cut: prompt, keywords,
// duration, the feature switches), a video link, or a finished video of the thread; each with the open change
// requests to tick as answered. The work is new-version.ts.
import { z } from 'zod';
import type { FormHandler } from '../../commands/actions.ts';
import { fail, run } from '../../commands/handler.ts';
import { UserError } from '../../errors.ts';
import type { Translator } from '../../i18n/catalogue.ts';
import { checkDuration } from '../../jobs/video-commands.ts';
import {
  BROLL_FREQUENCIES,
  BROLL_TYPES,
  DEFAULT_LANGUAGE,
  DEFAULT_REEL_DURATION,
  DEFAULT_SUBTITLE_TEMPLATE,
  SUBTITLE_FONT_SIZES,
  SUBTITLE_LANGUAGES,
  SUBTITLE_POSITIONS,
  SUBTITLE_TEMPLATES,
} from '../../media/enums.ts';
import type { ModalInput, ModalSpec, ModalSubmission, Prepared } from '../../platform/interaction.ts';
import { truncate } from '../../platform/message.ts';
import { openChanges } from '../approvals/approvals.ts';
import type { Member } from '../approvals/decide.ts';
import { defineAction, type PublishContext, type PublishDeps } from '../deps.ts';
import { publishWords } from '../words.ts';
import type { PublishRequestRecord } from './model.ts';
import { refOf, refText, VERSION_VERB, type VersionJob } from './new-version.ts';
import { member } from './publish-commands.ts';
import { atText } from './render.ts';
import { answerKey, currentVersion } from './versions.ts';

const HOWS = ['sub', 'broll', 'cut', 'link', 'pick'] as const;
type How = (typeof HOWS)[number];

/** The clip's switches a new cut may turn on or off, by the words the form shows. */
const SWITCHES = {
  hook: 'addHook',
  remove_fillers: 'removeFillerWords',
  remove_silences: 'removeSilenceParts',
  music: 'addBgm',
  broll: 'addBroll',
} as const;
type Switch = keyof typeof SWITCHES;

/** The prompt takes the open change requests' text when it fits a prompt (the media API takes 2,000 characters). */
const MAX_PROMPT = 1000;

const one = (options: readonly string[], selected: string | undefined): ModalInput['choices'] => ({
  options: options.map((o) => ({ label: o, value: o })),
  selected: selected ? [selected] : [],
  max: 1,
});

/** The open change requests to tick: each a choice named by who asked, where and what. */
function answersInput(t: Translator, r: PublishRequestRecord | undefined): ModalInput[] {
  // A select holds 25 options (Discord): the newest 25.
  const shown = (r ? openChanges(r) : []).slice(-25);
  if (shown.length === 0) return [];
  return [
    {
      id: 'answers',
      // Every open one is ticked: a version usually answers what was asked; its maker unticks what it does not.
      label: t.t('publish.version.label.answers'),
      style: 'short',
      required: false,
      choices: {
        options: shown.map((c) => ({
          label: truncate(
            t.t('publish.version.answerChoice', {
              name: plainName(c),
              at: atText(c, t),
              n: String(c.version ?? 1),
              reason: c.reason.replace(/\s+/g, ' '),
            }),
            100,
          ),
          value: answerKey(c),
        })),
        selected: shown.map(answerKey),
      },
    },
  ];
}

/** A choice label is plain text: an outside reviewer by name, a member by their name or id. */
const plainName = (c: { userId: string; userName?: string | undefined; reviewer?: string | undefined }) =>
  c.reviewer ?? (c.userName ? `@${c.userName}` : `@${c.userId}`);

const title = (t: Translator, how: How, n: number) => t.t('publish.version.title', { how, n: String(n) });

const splitPicks = (s: string | undefined) =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

interface Shown {
  r?: PublishRequestRecord | undefined;
  template?: string | undefined;
  cut?: Record<string, unknown> | undefined;
}

/** The form of one way, in the reader's language (`t`). */
function formOf(t: Translator, how: How, id: string, pick: string | undefined, shown: Shown): ModalSpec {
  const n = (shown.r ? currentVersion(shown.r) : 1) + 1;
  const answers = answersInput(t, shown.r);
  const modalId = `${VERSION_VERB}:${how}:${id}${pick ? `:${pick}` : ''}`;
  const inputs: ModalInput[] = [];
  if (how === 'sub')
    inputs.push(
      {
        id: 'template',
        label: t.t('publish.version.label.template'),
        style: 'short',
        required: false,
        choices: one(SUBTITLE_TEMPLATES, shown.template ?? DEFAULT_SUBTITLE_TEMPLATE),
      },
      {
        id: 'position',
        label: t.t('publish.version.label.position'),
        style: 'short',
        required: false,
        choices: one(SUBTITLE_POSITIONS, 'bottom-center'),
      },
      {
        id: 'size',
        label: t.t('publish.version.label.size'),
        style: 'short',
        required: false,
        choices: one(SUBTITLE_FONT_SIZES, 'm'),
      },
    );
  if (how === 'broll' && shown.cut)
    inputs.push(
      {
        id: 'type',
        label: t.t('publish.version.label.brollType'),
        style: 'short',
        required: false,
        choices: one(BROLL_TYPES, 'mixed'),
      },
      {
        id: 'frequency',
        label: t.t('publish.version.label.brollFrequency'),
        style: 'short',
        required: false,
        choices: one(
          BROLL_FREQUENCIES.filter((f) => f !== 'none'),
          'medium',
        ),
      },
    );
  if (how === 'cut') {
    const clip = (shown.cut?.clipSettings ?? {}) as { prompt?: string; keywords?: string[]; reelDuration?: string };
    const asks = shown.r ? openChanges(shown.r).map((c) => c.reason.trim()) : [];
    // The open change requests, newest first, as many as fit a prompt; else the cut's own prompt.
    let prompt = '';
    for (const ask of asks.reverse()) {
      const next = prompt ? `${prompt}\n${ask}` : ask;
      if (next.length > MAX_PROMPT) break;
      prompt = next;
    }
    const features = (shown.cut?.additionalFeatures ?? {}) as Record<string, unknown>;
    inputs.push(
      {
        id: 'prompt',
        label: t.t('publish.version.label.prompt'),
        style: 'paragraph',
        required: false,
        maxLength: MAX_PROMPT,
        value: prompt || (clip.prompt ?? ''),
      },
      {
        id: 'keywords',
        label: t.t('publish.version.label.keywords'),
        style: 'short',
        required: false,
        maxLength: 300,
        value: (clip.keywords ?? []).join(', '),
      },
      {
        id: 'duration',
        label: t.t('publish.version.label.duration'),
        style: 'short',
        required: false,
        maxLength: 12,
        value: clip.reelDuration ?? DEFAULT_REEL_DURATION,
      },
      {
        id: 'switches',
        label: t.t('publish.version.label.switches'),
        style: 'short',
        required: false,
        choices: {
          options: (Object.keys(SWITCHES) as Switch[]).map((k) => ({
            label: t.t('publish.version.switch', { name: k }),
            value: k,
          })),
          selected: (Object.keys(SWITCHES) as Switch[]).filter(
            (k) => features[SWITCHES[k]] === true || features[SWITCHES[k]] === 'true',
          ),
        },
      },
    );
  }
  if (how === 'link')
    inputs.push({
      id: 'url',
      label: t.t('publish.version.label.url'),
      style: 'short',
      required: true,
      maxLength: 2000,
      placeholder: 'https://…',
    });
  return { id: modalId, title: title(t, how, n), inputs: [...inputs, ...answers] };
}

/** Who may make a version, and a request of their workspace: checked again when the form comes back. */
async function shownFor(ctx: PublishContext, how: How, id: string): Promise<Shown> {
  const kit = ctx.deps.publish;
  const r = await kit.service.find(id, member(ctx).where);
  if (!r) return {};
  const [settings, cut] = await Promise.all([ctx.deps.settings.get(r.channelKey), kit.service.versions.cutRequest(r)]);
  return { r, template: settings.template, ...(how === 'broll' || how === 'cut' ? { cut } : {}) };
}

/** A click of the menu: the form of that way (or, with nothing to ask, the version at once). */
function onMenu(ctx: PublishContext, how: How, id: string, pick: string | undefined): Prepared {
  if (how === 'pick' && !(pick && refOf(pick))) return fail(ctx.t.t('bot.button_expired'));
  return {
    kind: 'modal',
    modal: formOf(ctx.t, how, id, pick, {}),
    load: async () => {
      const shown = await shownFor(ctx, how, id);
      const spec = formOf(ctx.t, how, id, pick, shown);
      if (spec.inputs.length > 0) return spec;
      // Nothing to ask (B-roll of a video no clip made, no change request open): a one-line confirmation.
      return {
        ...spec,
        inputs: [
          {
            id: 'note',
            label: ctx.t.t('publish.version.label.note'),
            style: 'short',
            required: false,
            maxLength: 100,
          },
        ],
      };
    },
  };
}

/** The follow-up job a form asks for, from the request's current version. */
async function jobOf(
  ctx: PublishContext,
  how: 'sub' | 'broll' | 'cut',
  r: PublishRequestRecord,
  v: Record<string, string>,
): Promise<VersionJob> {
  const answers = splitPicks(v.answers);
  const videoUrl = r.content.videoUrl;
  const kit = ctx.deps.publish;
  const cutBody = await kit.service.versions.cutRequest(r);
  const cutOf = () => r.versions?.find((x) => x.n === currentVersion(r))?.cut;
  const pickOne = <T extends string>(value: string | undefined, allowed: readonly T[], label: string) =>
    pickFrom(ctx.t, value, allowed, ctx.t.t(`publish.version.label.${label}`));
  if (how === 'sub') {
    const template = pickOne(v.template, SUBTITLE_TEMPLATES, 'template');
    const position = pickOne(v.position, SUBTITLE_POSITIONS, 'position');
    const fontSize = pickOne(v.size, SUBTITLE_FONT_SIZES, 'size');
    const settings = await ctx.deps.settings.get(r.channelKey);
    // The channel default may be hinglish, which subtitles do not take.
    const language = (SUBTITLE_LANGUAGES as readonly string[]).includes(settings.language ?? '')
      ? settings.language
      : DEFAULT_LANGUAGE;
    const styles = {
      ...(template ? { template } : {}),
      ...(position ? { position } : {}),
      ...(fontSize ? { fontSize } : {}),
    };
    const cut = cutOf();
    return {
      how: 'subtitles',
      note: [template, position, fontSize].filter(Boolean).join(' · ') || undefined,
      kind: 'subtitles',
      request: { videoUrl, language, ...(Object.keys(styles).length ? { subtitleStyles: styles } : {}) },
      ...(cut ? { cut } : {}),
      answers,
    };
  }
  if (how === 'broll') {
    const cut = cutOf();
    if (!cutBody || !cut) return { how: 'broll', kind: 'broll', request: { videoUrl }, answers };
    // The media API takes B-roll's type and frequency with a clip only: the reel is cut again from its source with them.
    const type = pickOne(v.type, BROLL_TYPES, 'brollType');
    const frequency = pickOne(v.frequency, BROLL_FREQUENCIES, 'brollFrequency');
    const features = (cutBody.additionalFeatures ?? {}) as Record<string, unknown>;
    return {
      how: 'broll',
      // Kept with the version and shown on its card: in the request's language.
      note: [publishWords(r.locale).t('publish.version.brollAgain'), type, frequency].filter(Boolean).join(' · '),
      kind: 'clip',
      request: {
        ...cutBody,
        clipSettings: { ...((cutBody.clipSettings ?? {}) as object), reelsCount: 1 },
        brollSettings: { ...(type ? { type } : {}), ...(frequency ? { frequency } : {}) },
        additionalFeatures: { ...features, addBroll: true },
      },
      answers,
    };
  }
  if (!cutBody) throw new UserError(ctx.t.t('publish.version.noSource'));
  const duration = (v.duration ?? '').replace(/\s+/g, '') || undefined;
  const problem = checkDuration(duration);
  if (problem) throw new UserError(problem);
  const keywords = splitPicks(v.keywords);
  const on = new Set(splitPicks(v.switches));
  for (const s of on)
    if (!(s in SWITCHES))
      throw new UserError(
        ctx.t.t('publish.version.unknownSwitch', { name: s, switches: Object.keys(SWITCHES).join(', ') }),
      );
  const prompt = (v.prompt ?? '').trim();
  const features = Object.fromEntries((Object.keys(SWITCHES) as Switch[]).map((k) => [SWITCHES[k], on.has(k)]));
  return {
    how: 'cut',
    note:
      [
        prompt ? `“${truncate(prompt.replace(/\s+/g, ' '), 60)}”` : undefined,
        duration ? `${duration} s` : undefined,
        ...[...on].map((name) => publishWords(r.locale).t('publish.version.switch', { name })),
      ]
        .filter(Boolean)
        .join(' · ') || undefined,
    kind: 'clip',
    request: {
      ...cutBody,
      clipSettings: {
        ...((cutBody.clipSettings ?? {}) as object),
        reelsCount: 1,
        ...(prompt ? { prompt } : {}),
        ...(keywords.length ? { keywords } : {}),
        ...(duration ? { reelDuration: duration } : {}),
      },
      additionalFeatures: features,
    },
    answers,
  };
}

function pickFrom<T extends string>(
  t: Translator,
  value: string | undefined,
  allowed: readonly T[],
  label: string,
): T | undefined {
  const v = (value ?? '').trim();
  if (!v) return undefined;
  if (!(allowed as readonly string[]).includes(v))
    throw new UserError(t.t('publish.version.notOneOf', { label, value: v, allowed: allowed.join(', ') }));
  return v as T;
}

const isWebUrl = (s: string) => {
  try {
    const u = new URL(s);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
};

/** A submitted form: the version made now, or its job started in this thread. */
function onForm(s: ModalSubmission, ctx: PublishContext): Prepared | undefined {
  const [, how, id, pick] = s.modalId.split(':');
  if (!id || !HOWS.includes(how as How)) return undefined;
  const me: Member = member(ctx);
  const kit = ctx.deps.publish;
  const answers = splitPicks(s.values.answers);
  if (how === 'link') {
    const url = (s.values.url ?? '').trim();
    if (!isWebUrl(url)) return fail(ctx.t.t('publish.version.badLink'));
    return run(true, async (reply) =>
      reply.ephemeral({ text: await kit.service.versions.adopt(id, me, { videoUrl: url, how: 'link' }, answers) }),
    );
  }
  if (how === 'pick') {
    const ref = pick ? refOf(pick) : undefined;
    if (!ref) return fail(ctx.t.t('bot.button_expired'));
    return run(true, async (reply) => {
      const r = await kit.service.find(id, me.where);
      if (!r) return reply.ephemeral({ text: ctx.t.t('decide.unknown') });
      const found = (await kit.service.versions.threadVideos(r)).find((p) => refText(p.ref) === refText(ref));
      if (!found) return reply.ephemeral({ text: ctx.t.t('publish.version.pickGone') });
      const source = await ctx.deps.jobs.get(ref.jobId);
      const text = await kit.service.versions.adopt(
        id,
        me,
        {
          videoUrl: found.videoUrl,
          thumbnailUrl: found.thumbnailUrl,
          how: 'thread',
          note: found.label,
          source: ref,
          ...(source?.kind === 'clip' ? { cut: { jobId: ref.jobId, part: ref.part } } : {}),
        },
        answers,
      );
      await reply.ephemeral({ text });
    });
  }
  // A follow-up job: its card goes to the thread the menu is in, where the request's card is.
  return run(false, async (reply) => {
    const r = await kit.service.find(id, me.where);
    if (!r) return reply.ephemeral({ text: ctx.t.t('decide.unknown') });
    const job = await jobOf(ctx, how as 'sub' | 'broll' | 'cut', r, s.values);
    const refused = await kit.service.versions.make(id, me, job, ctx.origin, reply);
    if (refused) await reply.ephemeral({ text: refused });
  });
}

/** The menu's buttons and its select (`pubver:pick:<request>:<job>.<part>.<output>`). */
export const versionMenuAction = defineAction({
  verb: VERSION_VERB,
  arg: z.string().regex(/^(sub|broll|cut|link|pick):[A-Za-z0-9_-]{4,40}(?::[a-z0-9]{4,32}\.\d{1,3}\.\d{1,3})?$/),
  prepare(arg, ctx) {
    const [how, id = '', pick] = arg.split(':');
    return onMenu(ctx, how as How, id, pick);
  },
});

/** The forms the menu opens. */
export const VERSION_FORMS: readonly FormHandler<PublishDeps>[] = [
  {
    id: VERSION_VERB,
    prepare: (s, ctx) => onForm(s, ctx) ?? fail(ctx.t.t('publish.version.formGone')),
  },
];
