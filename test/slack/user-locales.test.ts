import { describe, expect, it } from 'vitest';
import type { SlackUserInfo } from '../../src/slack/api.ts';
import { createUserLocales, readerLocale } from '../../src/slack/user-locales.ts';
import { silentLogger } from '../support/bot.ts';

function fakeApi(locales: Record<string, string | undefined>, zones: Record<string, string> = {}) {
  const asked: string[] = [];
  return {
    asked,
    api: {
      async userInfo(user: string): Promise<SlackUserInfo> {
        asked.push(user);
        if (!(user in locales)) throw new Error('user_not_found');
        const locale = locales[user];
        const tz = zones[user];
        return { isAdmin: false, isOwner: false, ...(locale ? { locale } : {}), ...(tz ? { tz } : {}) };
      },
    },
  };
}

describe('Slack users’ languages', () => {
  it('is looked up once per person and then read without I/O', async () => {
    const { api, asked } = fakeApi({ U1: 'ja-JP' });
    const locales = createUserLocales({ api, logger: silentLogger });
    expect(readerLocale(locales, 'U1').reader).toEqual({});
    const later = readerLocale(locales, 'U1').readerLater;
    const [a, b] = await Promise.all([later?.(), locales.lookUp('U1')]);
    expect([a, b]).toEqual([{ locale: 'ja-JP' }, { locale: 'ja-JP' }]);
    expect(readerLocale(locales, 'U1')).toEqual({ reader: { locale: 'ja-JP' } });
    expect(asked).toEqual(['U1']);
  });

  it('keeps each person’s time zone with their language, from the same users.info answer', async () => {
    const { api, asked } = fakeApi({ U1: 'ja-JP', U2: undefined }, { U1: 'Asia/Tokyo', U2: 'America/Chicago' });
    const locales = createUserLocales({ api, logger: silentLogger });
    await Promise.all([locales.lookUp('U1'), locales.lookUp('U2')]);
    expect(readerLocale(locales, 'U1')).toEqual({ reader: { locale: 'ja-JP', timeZone: 'Asia/Tokyo' } });
    expect(readerLocale(locales, 'U2')).toEqual({ reader: { timeZone: 'America/Chicago' } });
    expect(asked).toEqual(['U1', 'U2']);
  });

  it('forgets a language after its time, and keeps at most its bound of people, oldest out first', async () => {
    let now = 0;
    const { api, asked } = fakeApi({ U1: 'de-DE', U2: 'fr-FR', U3: 'es-ES' });
    const locales = createUserLocales({ api, logger: silentLogger, ttlMs: 1000, maxUsers: 2, now: () => now });
    await locales.lookUp('U1');
    await locales.lookUp('U2');
    await locales.lookUp('U3');
    expect(locales.known('U1')).toBe(false);
    expect(locales.cached('U3')).toEqual({ locale: 'es-ES' });
    now = 1001;
    expect(locales.known('U3')).toBe(false);
    await locales.lookUp('U3');
    expect(asked).toEqual(['U1', 'U2', 'U3', 'U3']);
  });

  it('answers nothing rather than wait past its bound, and keeps the late answer for next time', async () => {
    let release: (info: SlackUserInfo) => void = () => {};
    const api = { userInfo: () => new Promise<SlackUserInfo>((r) => (release = r)) };
    const locales = createUserLocales({ api, logger: silentLogger, timeoutMs: 10 });
    expect(await locales.lookUp('U9')).toBeUndefined();
    release({ isAdmin: false, isOwner: false, locale: 'pt-BR' });
    await new Promise((r) => setTimeout(r, 0));
    expect(locales.cached('U9')).toEqual({ locale: 'pt-BR' });
  });

  it('does not ask again at every command when Slack cannot say', async () => {
    const { api, asked } = fakeApi({});
    const locales = createUserLocales({ api, logger: silentLogger });
    expect(await locales.lookUp('U404')).toBeUndefined();
    expect(readerLocale(locales, 'U404')).toEqual({ reader: {} });
    expect(asked).toEqual(['U404']);
  });
});
