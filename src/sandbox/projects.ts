import type { IdFactory } from './ids.ts';
import { buildOutputs, type OutputSource, type SandboxOutput } from './outputs.ts';
import { keyHashOf, type ProjectShelf, type ShelvedProject } from './project-shelf.ts';

/** A project as the webhook body and GET /projects/{id} carry it. */
export interface ProjectBody {
  projectId: string;
  status: 'processing' | 'completed' | 'failed';
  createdAt: string;
  completedAt: string | null;
  error: string | null;
  outputs: SandboxOutput[];
}

/** What a validated creation request asks for. */
export interface NewProject extends OutputSource {
  /** The caller's API key: projects are visible only to the key that created them. */
  apiKey: string;
  webhookUrl: string;
}

export interface ProjectEngine {
  create(input: NewProject): ProjectBody;
  /** The project as `apiKey` sees it, or undefined (unknown id, or another key's project). */
  get(apiKey: string, projectId: string): ProjectBody | undefined;
  count(): number;
  /** Stops every pending job timer. */
  close(): void;
}

export interface ProjectEngineOptions {
  jobMs: number;
  jobSpreadMs?: number;
  origin: string;
  ids: IdFactory;
  now?: () => number;
  /** Called once when a project completes or fails, with the body to deliver to its webhook. */
  onFinished(project: ProjectBody, webhookUrl: string): void;
  /**
   * Where projects are kept beyond this process (the bot's data folder), so another process's sandbox
   * answers for them and one that ended is ended once for all; without it they live in memory only.
   */
  shelf?: ProjectShelf<ProjectBody>;
}

interface ProjectEntry {
  body: ProjectBody;
  source: OutputSource;
  keyHash: string;
  webhookUrl: string;
  dueAt: number;
  timer: NodeJS.Timeout | undefined;
}

// Failure injection through inputs: "fail" ends a project as failed, "slow" makes it take 10x longer.
const SLOW_FACTOR = 10;
// Bound on remembered projects so a long-running sandbox does not grow without limit.
const MAX_PROJECTS = 10_000;

function failureMessage(input: OutputSource): string {
  return input.kind === 'tts' || input.kind === 'ttv'
    ? 'Media generation failed: the script could not be processed.'
    : `Processing failed: the video at ${input.source} could not be downloaded or decoded.`;
}

export function createProjectEngine(options: ProjectEngineOptions): ProjectEngine {
  const now = options.now ?? Date.now;
  const { shelf, origin } = options;
  const projects = new Map<string, ProjectEntry>();

  const shelved = (entry: ProjectEntry): ShelvedProject<ProjectBody> => {
    const { body, source, keyHash, webhookUrl, dueAt } = entry;
    return { body, source, keyHash, webhookUrl, dueAt, origin };
  };

  /** A project another process's sandbox made or ended, its links moved to this sandbox (any serves them). */
  function fromShelf(p: ShelvedProject<ProjectBody>): ProjectEntry {
    const body =
      p.origin === origin ? p.body : (JSON.parse(JSON.stringify(p.body).replaceAll(p.origin, origin)) as ProjectBody);
    return { body, source: p.source, keyHash: p.keyHash, webhookUrl: p.webhookUrl, dueAt: p.dueAt, timer: undefined };
  }

  function finish(entry: ProjectEntry): void {
    if (entry.body.status !== 'processing') return;
    clearTimeout(entry.timer);
    entry.timer = undefined;
    const failed = entry.source.source.toLowerCase().includes('fail');
    entry.body = {
      ...entry.body,
      status: failed ? 'failed' : 'completed',
      completedAt: new Date(now()).toISOString(),
      error: failed ? failureMessage(entry.source) : null,
      outputs: failed ? [] : buildOutputs(entry.source, origin, () => options.ids.next()),
    };
    if (shelf) {
      // Another process may have ended it first (it read it after its due time): its ending counts,
      // and it sent the webhook.
      const ended = shelf.finish(shelved(entry));
      if (!ended.won) {
        entry.body = fromShelf(ended.project).body;
        return;
      }
    }
    options.onFinished(entry.body, entry.webhookUrl);
  }

  /** The project in memory, or as another process (or an earlier run) left it on the shelf. */
  function find(projectId: string): ProjectEntry | undefined {
    const known = projects.get(projectId);
    if (known || !shelf) return known;
    const stored = shelf.get(projectId);
    if (!stored) return undefined;
    forgetOldest();
    const entry = fromShelf(stored);
    projects.set(projectId, entry);
    return entry;
  }

  function forgetOldest(): void {
    for (const [id, entry] of projects) {
      if (projects.size < MAX_PROJECTS) return;
      clearTimeout(entry.timer);
      projects.delete(id);
    }
  }

  return {
    create(input) {
      forgetOldest();
      const createdAt = now();
      const projectId = options.ids.next();
      const spread = Math.random() * (options.jobSpreadMs ?? 0);
      const duration = (options.jobMs + spread) * (input.source.toLowerCase().includes('slow') ? SLOW_FACTOR : 1);
      const body: ProjectBody = {
        projectId,
        status: 'processing',
        createdAt: new Date(createdAt).toISOString(),
        completedAt: null,
        error: null,
        outputs: [],
      };
      const entry: ProjectEntry = {
        body,
        source: { kind: input.kind, source: input.source, reelsCount: input.reelsCount, keywords: input.keywords },
        keyHash: keyHashOf(input.apiKey),
        webhookUrl: input.webhookUrl,
        dueAt: createdAt + duration,
        timer: undefined,
      };
      projects.set(projectId, entry);
      shelf?.put(shelved(entry));
      entry.timer = setTimeout(() => finish(entry), duration);
      return body;
    },
    get(apiKey, projectId) {
      const entry = find(projectId);
      if (!entry || entry.keyHash !== keyHashOf(apiKey)) return undefined;
      // A timer can fire late on a busy machine; reading after the due time already sees the result.
      if (entry.body.status === 'processing' && now() >= entry.dueAt) finish(entry);
      return entry.body;
    },
    count: () => projects.size,
    close() {
      for (const entry of projects.values()) {
        clearTimeout(entry.timer);
        entry.timer = undefined;
      }
    },
  };
}
