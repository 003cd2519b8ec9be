import type { IdFactory } from './ids.ts';
import { buildOutputs, type OutputSource, type SandboxOutput } from './outputs.ts';

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
  origin: string;
  ids: IdFactory;
  now?: () => number;
  /** Called once when a project completes or fails, with the body to deliver to its webhook. */
  onFinished(project: ProjectBody, webhookUrl: string): void;
}

interface Entry {
  body: ProjectBody;
  input: NewProject;
  dueAt: number;
  timer: NodeJS.Timeout | undefined;
}

// Failure injection through inputs: "fail" ends a project as failed, "slow" makes it take 10x longer.
const SLOW_FACTOR = 10;
// Bound on remembered projects so a long-running sandbox does not grow without limit.
const MAX_PROJECTS = 10_000;

function failureMessage(input: NewProject): string {
  return input.kind === 'tts' || input.kind === 'ttv'
    ? 'Media generation failed: the script could not be processed.'
    : `Processing failed: the video at ${input.source} could not be downloaded or decoded.`;
}

export function createProjectEngine(options: ProjectEngineOptions): ProjectEngine {
  const now = options.now ?? Date.now;
  const projects = new Map<string, Entry>();

  function finish(entry: Entry): void {
    if (entry.body.status !== 'processing') return;
    clearTimeout(entry.timer);
    entry.timer = undefined;
    const failed = entry.input.source.toLowerCase().includes('fail');
    entry.body = {
      ...entry.body,
      status: failed ? 'failed' : 'completed',
      completedAt: new Date(now()).toISOString(),
      error: failed ? failureMessage(entry.input) : null,
      outputs: failed ? [] : buildOutputs(entry.input, options.origin, () => options.ids.next()),
    };
    options.onFinished(entry.body, entry.input.webhookUrl);
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
      const duration = options.jobMs * (input.source.toLowerCase().includes('slow') ? SLOW_FACTOR : 1);
      const body: ProjectBody = {
        projectId,
        status: 'processing',
        createdAt: new Date(createdAt).toISOString(),
        completedAt: null,
        error: null,
        outputs: [],
      };
      const entry: Entry = { body, input, dueAt: createdAt + duration, timer: undefined };
      projects.set(projectId, entry);
      entry.timer = setTimeout(() => finish(entry), duration);
      return body;
    },
    get(apiKey, projectId) {
      const entry = projects.get(projectId);
      if (!entry || entry.input.apiKey !== apiKey) return undefined;
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
