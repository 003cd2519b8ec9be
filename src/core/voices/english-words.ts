// The voices' words in English alone, for a caller that names no reader (a tool, a test, another feature's old call).
// Built from the English messages only: the whole bundle (words.ts) imports the lookup, which imports the resolver
// that needs these words, and an import loop is what test/layers.test.ts forbids.
import { createCatalogue, type Translator } from '../i18n/catalogue.ts';
import type { MessageBundle } from '../i18n/messages.ts';
import { VOICE_PAGE_EN } from './page-messages.ts';

const english = createCatalogue([{ en: VOICE_PAGE_EN, translations: {} as MessageBundle['translations'] }]);

export const englishVoiceWords: Translator = english.translator('en');
