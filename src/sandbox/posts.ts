import type { z } from 'zod';
import type { publishRequestSchema } from '../core/media/schemas.ts';

type PublishRequest = z.infer<typeof publishRequestSchema>;

/** One /publish-to-socials call as GET /sandbox/posts shows it. Access keys are counted, never kept. */
export interface PublishedPost {
  /** The post ids returned to the caller, one per social account key. */
  ids: string[];
  videoUrl: string;
  apiAccessKeyCount: number;
  title: string | null;
  description: string | null;
  privacy: 'public' | 'private' | 'unlisted';
  /** null = post now. */
  scheduleTime: string | null;
  createdAt: string;
}

export interface PostLog {
  add(request: PublishRequest, ids: string[], at: number): PublishedPost;
  list(): PublishedPost[];
}

// Bound on remembered posts; a local bot or a test publishes far fewer.
const MAX_POSTS = 1000;

export function createPostLog(): PostLog {
  const posts: PublishedPost[] = [];
  return {
    add(request, ids, at) {
      const post: PublishedPost = {
        ids,
        videoUrl: request.videoUrl,
        apiAccessKeyCount: request.apiAccessKeys.length,
        title: request.title ?? null,
        description: request.description ?? null,
        privacy: request.privacy ?? 'public',
        scheduleTime: request.scheduleTime ?? null,
        createdAt: new Date(at).toISOString(),
      };
      posts.push(post);
      if (posts.length > MAX_POSTS) posts.shift();
      return post;
    },
    list: () => posts.map((p) => ({ ...p, ids: [...p.ids] })),
  };
}
