// What a feature is: one value saying what it brings (commands, buttons, forms, scheduler queues, what it
// recovers at start, its Home sections, its part of /setup, its metrics, its lookup sources and the helpers it
// adds to every interaction) and how it builds its services from the core's.
// The app (src/core/app) mounts every feature; this file knows none of them.
import type { z } from 'zod';
import type { Once } from '../guarantees/once.ts';
import type { Outbox } from '../guarantees/outbox.ts';
import type { MessageBundle } from '../i18n/messages.ts';
import type { BudgetStatus, Spender } from '../media/rate-limiter.ts';
import type { MetricDefinition, Metrics } from '../metrics.ts';
import type { HealthPart } from '../platform/health-part.ts';
import type { Choice, ModalSubmission, Prepared } from '../platform/interaction.ts';
import type { Card, OutMessage } from '../platform/message.ts';
import type { Route } from '../platform/route.ts';
import type { WorkspaceRef } from '../platform/workspace-end.ts';
import type { ChatPort, Clock, Logger, MediaApi, Origin, Platform, SecretBox, Store } from '../ports.ts';
import type { Scheduler, TaskHandler } from '../scheduler.ts';
import {
  type ActionDefinition,
  type ActionHandler,
  defineAction,
  defineForm,
  type FormDefinition,
  type FormHandler,
} from './actions.ts';
import {
  type CommandContext,
  type CommandDefinition,
  type CommandHandler,
  type ContextHelpers,
  defineCommand,
  type InvocationBase,
  type InvocationContext,
} from './handler.ts';
import type { CommandSpec, OptionSpec, OptionValues } from './spec.ts';

/**
 * Each feature's own tuning (timings, switches) that the composition root sets per run. Empty here: a
 * feature adds its entry by declaration merging in its deps.ts, so this file names no feature.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by each feature's declaration merging.
export interface FeatureOptions {}

/** What the composition root hands every feature: the ports, the guarantees and the facts of this run. */
export interface CoreServices {
  store: Store;
  clock: Clock;
  logger: Logger;
  metrics: Metrics;
  media: MediaApi;
  /**
   * What is left of a key's hourly request budget (a workspace's share of it, for a key workspaces share), for
   * /jobs and /setup (absent in some tests).
   */
  budget?: (spender: Spender) => Promise<BudgetStatus>;
  /** Requests a key (a workspace, on a shared key) may still spend on reading results back this hour. */
  readsLeft?: (spender: Spender) => Promise<number>;
  /** Durable delayed work; features declare their queues, whoever starts it registers them. */
  scheduler: Scheduler;
  once: Once;
  outbox: Outbox;
  /** Where the bot posts with its own credentials, by platform. */
  chat: (platform: Platform) => ChatPort | undefined;
  box: SecretBox;
  /** The encryption key (catalogues are stored under an HMAC of the API key with it). */
  encryptionKey: Uint8Array;
  /** Facts /setup shows: where results come from and which API. */
  facts: { sandbox: boolean; webhooks: boolean; teamKey: boolean };
  /** MEDIA_API_KEY, the key every channel without its own uses. */
  teamKey?: string;
  /** The key sent to the local sandbox, which accepts any. */
  sandboxKey?: string;
  /** Base URL the media API reaches our webhook listener at (known once the listener is up). */
  webhookBase: () => string;
  /** The in-process sandbox's origin (its port, and so its links, change between runs); absent on the real API. */
  sandboxOrigin?: string;
  /** The name prefix of the commands on each platform (SLACK_COMMAND_PREFIX), for /help. */
  commandPrefix?: Partial<Record<Platform, string>>;
  options: FeatureOptions;
}

/** What a feature may ask for while it mounts. */
export interface MountContext {
  /** Another feature's services (mounted first if need be); features use each other only as a DAG. */
  use<D>(feature: Feature<D>): D;
  /** Every feature's part of /setup, mounted (asked at run time, once all features are mounted). */
  setupParts(): readonly MountedSetupPart[];
}

/** One section of a person's Home page; sections are shown by ascending `order`. */
export interface HomePart<D> {
  order: number;
  render(deps: D, origin: Origin): Promise<OutMessage>;
}

/**
 * A feature's part of `/setup`: the settings it adds (`/setup name=value`, or an `action` word), what it
 * does with them, and the section of the /setup card that shows what the channel has set.
 */
export interface SetupPart<D> {
  /** The options it adds to /setup. */
  options: readonly OptionSpec[];
  /** The words it adds to /setup's `action` option (`/setup socials`), each with how /help explains it. */
  actions?: readonly SetupAction[];
  /** Its answer when the values are about it; undefined otherwise. */
  prepare(values: OptionValues, ctx: CommandContext<D>): Prepared | undefined;
  /** Its section of the /setup card. */
  show(ctx: CommandContext<D>): Promise<Card>;
  /** The private forms it opens (an access key). */
  forms?: readonly FormHandler<D>[];
}

export type { HealthPart } from '../platform/health-part.ts';

/**
 * What a feature does when a workspace ends: `end` stops what would still post there, at once (nothing can be posted
 * any more); `forget` removes what it keeps of the workspace once the grace period for a reinstall is over. Each
 * says how many records it touched.
 */
export interface WorkspaceEndPart<D> {
  end?(deps: D, workspace: WorkspaceRef): Promise<number>;
  forget?(deps: D, workspace: WorkspaceRef): Promise<number>;
}

/**
 * A set of values a feature knows (a catalogue the API serves per key), named by options' `source`: the feature
 * answers autocomplete (Discord's, Slack's external select) from it, and /help describes it. Its values are
 * checked by the feature's handler.
 */
export interface LookupSource<D> {
  /** The name options give as `source`; unique among features and the framework's fixed sets. */
  name: string;
  /** How /help describes the values, in a phrase ('A name or id (see /list)'). */
  help: string;
  /**
   * Choices for what was typed so far (at most 25), from memory: autocomplete must answer within Discord's 3 s.
   * Loading what later questions need is started in the background (`ctx.apiKey()` then the feature's own cache).
   */
  suggest(deps: D, query: string, ctx: LookupContext): Choice[];
}

/** What a lookup source knows of the person typing, without waiting for anything. */
export interface LookupContext {
  origin: Origin;
  channelKey: string;
  /** The key this channel used last, if this process has seen it: read from memory, no I/O. */
  keyInMemory(): string | undefined;
  /** The channel's key from the store (remembered for the next question); a UserError when there is none. */
  apiKey(): Promise<string>;
}

export interface SetupAction {
  word: string;
  description: string;
}

export interface MountedSetupPart {
  prepare(values: OptionValues, ctx: InvocationContext): Prepared | undefined;
  show(ctx: InvocationContext): Promise<Card>;
}

export interface FeatureDefinition<D> {
  /** Lower-case, unique: the folder's name. */
  name: string;
  /** Its command rows with their handlers, in /help order. */
  commands?: readonly CommandHandler<string, D>[];
  actions?: readonly ActionHandler<D>[];
  forms?: readonly FormHandler<D>[];
  setupParts?: readonly SetupPart<D>[];
  /** Builds the feature's services from the core's (no I/O: start-up work goes in `recover`). */
  mount(services: CoreServices, ctx: MountContext): D;
  /** Its scheduler queues with their handlers. */
  queues?(deps: D): Record<string, TaskHandler>;
  /** What it picks up at start from where a stopped process left it. */
  recover?(deps: D): Promise<void>;
  home?: readonly HomePart<D>[];
  /** The metric families it counts and times, on /metrics from the start. */
  metrics?: readonly MetricDefinition[];
  /** Its pages and endpoints on the bot's one web edge. */
  routes?(deps: D): readonly Route[];
  /** What it adds to /healthz. */
  health?(deps: D): Promise<HealthPart>;
  /** What it stops and forgets when a workspace removes the bot. */
  workspace?: WorkspaceEndPart<D>;
  /** The value sets its options name as `source` (autocomplete, /help). */
  lookups?: readonly LookupSource<D>[];
  /**
   * Its messages: the English beside its code and one file per language (`messages.de.ts` …), as one bundle;
   * the app gathers every feature's into the catalogue its handlers read through `ctx.t`.
   */
  messages?: MessageBundle;
  /**
   * The helpers it adds to every interaction, for every feature's handlers (`ctx.<helper>(…)`): it declares them
   * by merging into `ContextHelpers` (handler.ts) in its deps.ts, and each is added by exactly one feature.
   */
  helpers?(deps: D, ctx: InvocationBase): Partial<ContextHelpers>;
}

/** A feature as the app mounts it: its handlers take the interaction alone, the feature adds its services. */
export interface MountedFeature<D = unknown> {
  name: string;
  deps: D;
  commands: readonly { spec: CommandSpec; prepare(values: OptionValues, ctx: InvocationContext): Prepared }[];
  actions: readonly { verb: string; prepare(arg: string, ctx: InvocationContext): Prepared }[];
  forms: readonly { id: string; prepare(submission: ModalSubmission, ctx: InvocationContext): Prepared }[];
  setupParts: readonly MountedSetupPart[];
  queues: Record<string, TaskHandler>;
  recover?: () => Promise<void>;
  home: readonly { order: number; render(origin: Origin): Promise<OutMessage> }[];
  routes: readonly Route[];
  health?: () => Promise<HealthPart>;
  workspace: { end?(workspace: WorkspaceRef): Promise<number>; forget?(workspace: WorkspaceRef): Promise<number> };
  lookups: readonly { name: string; help: string; suggest(query: string, ctx: LookupContext): Choice[] }[];
  helpers?: (ctx: InvocationBase) => Partial<ContextHelpers>;
}

export interface Feature<D = unknown> {
  readonly name: string;
  /** Its command rows, known without mounting (Discord registration, the Slack manifest, /help). */
  readonly commands: readonly CommandSpec[];
  /** The options and action words it adds to /setup, known without mounting. */
  readonly setupOptions: readonly OptionSpec[];
  readonly setupActions: readonly SetupAction[];
  /** Its metric families, known without mounting: the metrics exist before the app is built. */
  readonly metrics: readonly MetricDefinition[];
  /** Its lookup sources' names and how /help describes them, known without mounting. */
  readonly lookups: readonly { name: string; help: string }[];
  /** Its messages in every language, known without mounting (Discord's description_localizations). */
  readonly messages: readonly MessageBundle[];
  mount(services: CoreServices, ctx: MountContext): MountedFeature<D>;
}

/** The feature value its folder exports: `export const jobs = defineFeature({ name: 'jobs', … })`. */
export function defineFeature<D>(def: FeatureDefinition<D>): Feature<D> {
  const parts = def.setupParts ?? [];
  return {
    name: def.name,
    commands: (def.commands ?? []).map((c) => c.spec),
    setupOptions: parts.flatMap((p) => p.options),
    setupActions: parts.flatMap((p) => p.actions ?? []),
    metrics: def.metrics ?? [],
    lookups: (def.lookups ?? []).map(({ name, help }) => ({ name, help })),
    messages: def.messages ? [def.messages] : [],
    mount(services, mountCtx) {
      const deps = def.mount(services, mountCtx);
      const ctx = (base: InvocationContext): CommandContext<D> => ({ ...base, deps });
      const { health, helpers } = def;
      const { end, forget } = def.workspace ?? {};
      return {
        name: def.name,
        deps,
        commands: (def.commands ?? []).map((c) => ({
          spec: c.spec,
          prepare: (v: OptionValues, base: InvocationContext) => c.prepare(v, ctx(base)),
        })),
        actions: (def.actions ?? []).map((a) => ({
          verb: a.verb,
          prepare: (arg: string, base: InvocationContext) => a.prepare(arg, ctx(base)),
        })),
        forms: [...(def.forms ?? []), ...parts.flatMap((p) => p.forms ?? [])].map((f) => ({
          id: f.id,
          prepare: (s: ModalSubmission, base: InvocationContext) => f.prepare(s, ctx(base)),
        })),
        setupParts: parts.map((p) => ({
          prepare: (v, base) => p.prepare(v, ctx(base)),
          show: (base) => p.show(ctx(base)),
        })),
        queues: def.queues?.(deps) ?? {},
        ...(def.recover ? { recover: () => def.recover?.(deps) ?? Promise.resolve() } : {}),
        home: (def.home ?? []).map((h) => ({ order: h.order, render: (origin: Origin) => h.render(deps, origin) })),
        routes: def.routes?.(deps) ?? [],
        ...(health ? { health: () => health(deps) } : {}),
        workspace: {
          ...(end ? { end: (w: WorkspaceRef) => end(deps, w) } : {}),
          ...(forget ? { forget: (w: WorkspaceRef) => forget(deps, w) } : {}),
        },
        lookups: (def.lookups ?? []).map((l) => ({
          name: l.name,
          help: l.help,
          suggest: (query: string, c: LookupContext) => l.suggest(deps, query, c),
        })),
        ...(helpers ? { helpers: (base: InvocationBase) => helpers(deps, base) } : {}),
      };
    },
  };
}

/** The define functions of one feature, whose handlers all see its services `D`. */
export function handlersFor<D>() {
  return {
    defineCommand: <N extends string, S extends z.ZodType>(def: CommandDefinition<N, S, D>) =>
      defineCommand<N, S, D>(def),
    defineAction: <S extends z.ZodType<unknown, string>>(def: ActionDefinition<S, D>) => defineAction<S, D>(def),
    defineForm: <S extends z.ZodType>(def: FormDefinition<S, D>) => defineForm<S, D>(def),
  };
}
