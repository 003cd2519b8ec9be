// Every body a route reads is bounded here, before the route runs: a declared length over the route's limit is
// refused without reading a byte; a body without one (chunked) is read up to the limit and no further. A route then
// reads its body with the Request's own methods, knowing it fits.

/** The body is larger than the route accepts: answered 413. */
export class BodyTooLarge extends Error {}

/** The request as a route may read it, or BodyTooLarge. */
export async function boundBody(request: Request, limit: number): Promise<Request> {
  if (request.method === 'GET' || request.method === 'HEAD') return request;
  // Read from the headers alone: touching `body` would make the request build its stream before anyone reads it.
  const declared = request.headers.get('content-length');
  if (declared !== null) {
    if (Number(declared) > limit) throw new BodyTooLarge();
    // HTTP's framing ends the body at its declared length: it cannot run past it.
    return request;
  }
  const stream = request.body;
  if (!stream) return request;
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLarge();
    }
    chunks.push(value);
  }
  return new Request(request.url, { method: request.method, headers: request.headers, body: Buffer.concat(chunks) });
}
