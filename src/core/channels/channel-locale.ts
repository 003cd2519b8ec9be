// Which language a channel's public messages are written in: `/setup locale=` when set, else the place's own
// language where the platform says one (Discord's guild_locale), else English.
import { type Locale, negotiateLocale } from '../i18n/locales.ts';
import type { Origin } from '../ports.ts';
import type { ChannelSettings } from './settings-repo.ts';

/** Typed to `/setup locale=` to go back to the platform's default. */
export const AUTO_LOCALE = new Set(['auto', 'default', 'none', '']);

export const channelLocaleOf = (
  settings: Pick<ChannelSettings, 'locale'>,
  origin: Pick<Origin, 'channelLocale'>,
): Locale => negotiateLocale(settings.locale, origin.channelLocale);
