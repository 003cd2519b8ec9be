// The sandbox over real HTTP, counting the creation requests (POSTs) that reach it: how crash and recovery
// tests tell "created once" from "created twice". With `hang`, a creation reaches the API and its answer
// never comes back (the process dies with the outcome unknown).
import { createHttpTransport, type HttpTransport } from '../../src/core/media/http-transport.ts';

const never = new Promise<never>(() => undefined);

export function countingTransport(
  baseUrl: string,
  onCreation: () => void,
  options: { hang?: boolean } = {},
): HttpTransport {
  const real = createHttpTransport({ baseUrl, connectTimeoutMs: 2_000, headersTimeoutMs: 5_000, bodyTimeoutMs: 5_000 });
  return {
    async request(req) {
      if (req.method !== 'POST') return real.request(req);
      onCreation();
      const res = await real.request(req);
      return options.hang ? never : res;
    },
    close: () => real.close(),
  };
}
