import { describe, expect, it } from 'vitest';
import { publishForm } from '../../src/core/publish/requests/form.ts';
import { publishWords } from '../../src/core/publish/words.ts';
import { modalOf } from '../../src/discord/modal.ts';

// Discord's text input holds 4,000 UTF-16 units: a longer prefilled value is shown, never cut.

const LONG = `${'👍🏽'.repeat(1000)}${'a'.repeat(1000)}`;

describe('a Discord modal', () => {
  it('shows a value too long for its input as a note saying so, with no input to save a cut copy from', () => {
    const modal = modalOf(
      publishForm(publishWords(undefined), 'pubedit:r1', [], { title: 'Launch', description: LONG }, true),
    );
    const json = JSON.stringify(modal);
    expect(json).not.toContain('"custom_id":"description"');
    const note = modal.components.find((c) => c.type === 10);
    expect(note).toMatchObject({
      content:
        'Description: too long to edit here (2,000 characters, 5,000 as this form counts them; this form holds 4,000). It is kept as it is. To change it, Cancel this request and ask again with /publish <video link> description="…".',
    });
    // The other fields stay editable, the title whole.
    expect(json).toContain('"custom_id":"title"');
    expect(json).toContain('"value":"Launch"');
    expect(modal.components).toHaveLength(5);
  });

  it('says that note in the reader’s language, around the form’s own translated hint', () => {
    const de = (locale: string) => {
      const form = publishForm(publishWords(locale), 'pubedit:r1', [], { title: 'Launch', description: LONG }, true);
      return modalOf(form, locale).components.find((c) => c.type === 10);
    };
    expect(de('de')).toMatchObject({
      content:
        'Beschreibung: zu lang, um es hier zu bearbeiten (2.000 Zeichen, 5.000 nach Zählung dieses Formulars; dieses Formular fasst 4.000). Es bleibt unverändert. Um es zu ändern, brich diese Anfrage ab und stell sie neu mit /publish <Videolink> description="…".',
    });
    expect(JSON.stringify(de('ja'))).toContain('長すぎるためここでは編集できません');
  });

  it('prefills a value that fits whole, emoji included', () => {
    const fits = '👍🏽'.repeat(1000);
    const modal = modalOf(publishForm(publishWords(undefined), 'pubedit:r1', [], { description: fits }, true));
    expect(JSON.stringify(modal)).toContain(JSON.stringify(fits));
  });
});
