import type { Translation } from '../i18n/messages.ts';
import type { PlatformMessages } from './messages.ts';

export const PLATFORM_DE: Translation<PlatformMessages> = {
  'dispatch.apology':
    'Entschuldigung, bei uns ist etwas schiefgelaufen. Der Fehler wurde protokolliert; bitte versuch es gleich noch einmal.',
  'dispatch.unknown_mention': '`{name}` kenne ich nicht. Erwähne mich mit einem davon: {names}.',
  'dispatch.needs_form_command': 'Dafür braucht es ein Formular: Führe `/{name}` aus, um es zu öffnen.',
  'dispatch.needs_form': 'Dafür braucht es ein Formular, das sich hier nicht öffnen lässt.',
  'dispatch.too_long_to_edit':
    '{label}: zu lang, um es hier zu bearbeiten ({size}; dieses Formular fasst {holds}). Es bleibt unverändert.{change}',
  'dispatch.too_long_size': '{characters} Zeichen',
  'dispatch.too_long_size_counted': '{characters} Zeichen, {counted} nach Zählung dieses Formulars',
  'dispatch.too_long_change': ' Um es zu ändern, {how}.',
};
