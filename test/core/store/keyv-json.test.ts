import fc from 'fast-check';
import Keyv from 'keyv';
import { describe, expect, it } from 'vitest';
import { deserializeKeyv, serializeKeyv } from '../../../src/core/store/keyv-json.ts';

// The store writes and reads keyv's text itself (keyv-json.ts), so a file written through keyv by an
// earlier version reads back identically and keyv reads what the store writes. keyv's own serializer
// (@keyv/serialize, what `new Keyv()` uses) is the reference; generated values lean on what its format
// treats specially: strings beginning with ':' or ':base64:', Buffers, dates, undefined and functions.

const SEED = 20_261_124;
const keyv = new Keyv();

const colonString = fc.oneof(
  fc.string(),
  fc.string().map((s) => `:${s}`),
  fc.string().map((s) => `::${s}`),
  fc.base64String().map((s) => `:base64:${s}`),
  fc.constantFrom('', ':', '::', ':base64:', '":', '[":', '\\":'),
);

const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    colonString,
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value')),
    fc.dictionary(colonString, tie('value')),
    fc.dictionary(
      fc.string(),
      fc.oneof(
        tie('value'),
        fc.constant(undefined),
        fc.constant(() => 1),
      ),
    ),
    fc.array(fc.oneof(tie('value'), fc.constant(undefined))),
    fc.uint8Array({ maxLength: 12 }).map((bytes) => Buffer.from(bytes)),
    fc.date({ noInvalidDate: true }),
  ),
}));

/** Rows as keyv writes them: the stored value and, with a time to live, its expiry. */
const row = fc.record({ value, expires: fc.option(fc.integer({ min: 0 }), { nil: undefined }) });

describe('keyv’s text format without keyv', () => {
  it('writes exactly the text keyv writes, for any value and for whole rows', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(value, row), async (data) => {
        expect(serializeKeyv(data)).toBe(await keyv.serializeData(data as never));
      }),
      { seed: SEED, numRuns: 3_000 },
    );
  });

  it('reads back exactly what keyv reads, from its own text or any JSON with whitespace', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(value, row), fc.constantFrom(undefined, 1, '\t', ' \n'), async (data, space) => {
        const texts = [await keyv.serializeData(data as never), JSON.stringify(data, null, space)];
        for (const text of texts) {
          if (typeof text !== 'string') continue;
          expect(deserializeKeyv(text)).toStrictEqual(await keyv.deserializeData(text));
        }
      }),
      { seed: SEED, numRuns: 3_000 },
    );
  });

  it('keeps what keyv escapes: a leading colon, Buffers, and "__proto__" as a plain key', async () => {
    const data = { value: { a: ':x', b: '::y', c: Buffer.from('hi'), d: [':z'], ['__proto__']: ':p' } };
    const text = serializeKeyv(data);
    expect(text).toBe(await keyv.serializeData(data));
    expect(text).toContain('"a":"::x"');
    const back = deserializeKeyv(text) as { value: Record<string, unknown> };
    expect(back).toStrictEqual(await keyv.deserializeData(text));
    expect(back.value).toMatchObject({ a: ':x', b: '::y', d: [':z'] });
    expect(Buffer.from('hi').equals(back.value.c as Buffer)).toBe(true);
    expect(Object.getOwnPropertyDescriptor(back.value, '__proto__')?.value).toBe(':p');
  });
});
