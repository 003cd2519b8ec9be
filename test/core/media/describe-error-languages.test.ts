import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/core/app/commands.ts';
import { MediaApiError, StoreUnavailableError, UserError } from '../../../src/core/errors.ts';
import { createCatalogue } from '../../../src/core/i18n/catalogue.ts';
import { type Locale, PSEUDO_LOCALE, SHIPPED_LOCALES } from '../../../src/core/i18n/locales.ts';
import { describeError, describeMediaError } from '../../../src/core/media/describe-error.ts';
import { RateBudgetError } from '../../../src/core/media/rate-limiter.ts';
import { FRAGMENTS, untrusted } from '../../support/untrusted.ts';

// The bot's explanation of a media API failure in the reader's language, the API's own words quoted as it wrote
// them: an argument of the sentence, never read as part of the message (braces, quotes, # and markup stay text).

const catalogue = createCatalogue(MESSAGES);
const spanish = catalogue.translator('es');
const english = catalogue.translator('en');

describe('a media API failure explained in Spanish', () => {
  it('says what happened and what to do, for each kind of failure', () => {
    expect(describeError(new MediaApiError(400, 'bad url'), spanish)).toBe(
      'La API de medios ha rechazado la solicitud (400). La API dijo: «bad url». Revisa el enlace y las opciones y vuelve a intentarlo.',
    );
    expect(describeError(new MediaApiError(401, null), spanish)).toContain('ha rechazado la clave de API (401)');
    expect(describeError(new MediaApiError(429, null, { retryAfterMs: 42_000 }), spanish)).toBe(
      'Demasiadas solicitudes a la API de medios ahora mismo (429): se ha agotado el presupuesto de solicitudes del plan. Vuelve a intentarlo dentro de 42 s.',
    );
    expect(describeError(new MediaApiError(503, null), spanish)).toContain('ha tenido un problema (503)');
    expect(describeError(new MediaApiError(0, null), spanish)).toContain('No se pudo contactar con la API de medios');
    expect(describeError(new StoreUnavailableError('down'), spanish)).toBe(
      'El almacenamiento no está disponible; vuelve a intentarlo en breve.',
    );
    expect(describeError(new Error('secret detail'), spanish)).not.toContain('secret detail');
    // A person's mistake is already written for them, in their language.
    expect(describeError(new UserError('ya traducido'), spanish)).toBe('ya traducido');
  });

  it('explains reelbot’s own budget with its figures and the time it frees', () => {
    const err = new RateBudgetError({
      perHour: 1000,
      reserved: 200,
      used: 800,
      use: 'command',
      now: 0,
      waitMs: 60_000,
    });
    expect(describeMediaError(err, spanish)).toBe(
      'La clave de este canal ha gastado sus 800 solicitudes de esta hora para trabajo nuevo (200 más se reservan para recoger los resultados); la siguiente se libera a las 00:01 UTC. Es un límite propio de reelbot (MEDIA_API_RATE_LIMIT=1000), fijado para no salirse del plan de la API de medios.',
    );
  });

  it('keeps the API’s own words exactly as English does, whatever they hold', () => {
    const tricky = "it's {broken} #1 '{x}' <!channel> [trusted](https://evil.example)";
    const said = describeError(new MediaApiError(400, tricky), spanish);
    expect(said).toContain(`«${tricky}»`);
    fc.assert(
      fc.property(untrusted, (text) => {
        for (const status of [400, 403, 404, 500]) {
          const err = new MediaApiError(status, text || FRAGMENTS[0] || 'x');
          const es = describeError(err, spanish);
          const en = describeError(err, english);
          expect(es).toContain(`«${err.apiMessage}»`);
          expect(en).toContain(`“${err.apiMessage}”`);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('English, the source', () => {
  it('is the same with the bot’s translator and without one', () => {
    for (const err of [
      new MediaApiError(400, 'x'),
      new MediaApiError(429, null),
      new MediaApiError(418, 'teapot'),
      new RateBudgetError({ perHour: 10, reserved: 2, used: 8, use: 'command', now: 0, waitMs: 1, scope: 'workspace' }),
    ]) {
      expect(describeError(err, english)).toBe(describeError(err));
    }
    expect(describeError(new MediaApiError(418, 'teapot'))).toBe('The media API answered 418. The API said: “teapot”.');
  });
});

describe.each<Locale>([...SHIPPED_LOCALES, PSEUDO_LOCALE])('in %s', (locale) => {
  it('every explanation fits a Discord message with a long API message in it', () => {
    const t = catalogue.translator(locale);
    const long = 'x'.repeat(1000);
    for (const status of [0, 400, 401, 403, 404, 429, 500, 418]) {
      const said = describeError(new MediaApiError(status, long, { retryAfterMs: 5 * 60_000 }), t);
      expect(said.length).toBeLessThanOrEqual(2000);
      expect(said).not.toMatch(/media\.[a-z_]+/);
    }
  });
});
