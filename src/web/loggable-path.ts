// A path as the logs may show it. The paths of capability routes (a review link's, a webhook's) hold their token,
// which must never be written down: from the route's first parameter on, such a path is `[redacted]`.
import type { Route } from '../core/platform/route.ts';

export type LoggablePath = (path: string) => string;

export function createLoggablePath(routes: readonly Pick<Route, 'path' | 'capability'>[]): LoggablePath {
  const prefixes = routes.flatMap((r) => {
    const param = r.path.indexOf('/:');
    return r.capability && param >= 0 ? [r.path.slice(0, param + 1)] : [];
  });
  return (path) => {
    const prefix = prefixes.find((p) => path.startsWith(p));
    return prefix ? `${prefix}[redacted]` : path;
  };
}
