import { describe, expect, it } from 'vitest';
import { createVoiceIndex } from '../../../src/core/voices/voice-index.ts';
import { buildCatalogue, buildLargeCatalogue, find, voice } from './fixture.ts';

const voices = buildCatalogue();
const index = createVoiceIndex(voices);
const label = (v: { name: string; languageCode: string; style: string }) => `${v.name} ${v.languageCode} ${v.style}`;
const names = (list: Array<{ name: string }>) => [...new Set(list.map((v) => v.name))];

describe('the voice index', () => {
  it('holds every voice once and finds it by id', () => {
    expect(index.size).toBe(voices.length);
    expect(voices.length).toBeGreaterThan(150);
    const jenny = find(voices, 'Jenny');
    expect(index.byId(jenny.voiceId)).toBe(jenny);
    expect(index.byId(jenny.voiceId.toUpperCase())).toBe(jenny);
    expect(index.byId('nope')).toBeUndefined();
    expect(createVoiceIndex([...voices, ...voices]).size).toBe(voices.length);
  });

  it('lists languages with English names and counts, and styles with general first', () => {
    const langs = index.languages();
    expect(langs).toContainEqual({ code: 'fr-FR', name: 'French (France)', count: 10 });
    expect(langs.map((l) => l.name)).toEqual([...langs.map((l) => l.name)].sort());
    const styles = index.styles();
    expect(styles[0]).toBe('general');
    expect(styles).toContain('narration-professional');
    expect(new Set(styles).size).toBe(styles.length);
  });
});

describe('search ranking', () => {
  it('orders tiers: exact, then prefix, then substring, then fuzzy', () => {
    const small = createVoiceIndex([
      voice({ name: 'Marina' }, 1), // prefix
      voice({ name: 'Omari' }, 2), // substring
      voice({ name: 'Maria' }, 3), // prefix
      voice({ name: 'Mari' }, 4), // exact
      voice({ name: 'Mary' }, 5), // one typo
    ]);
    expect(small.search('mari').map((v) => v.name)).toEqual(['Mari', 'Maria', 'Marina', 'Omari', 'Mary']);
  });

  it('finds a name with a typo', () => {
    expect(index.search('Jeny')[0]?.name).toBe('Jenny');
    expect(names(index.search('Xiaoxaio'))).toEqual(['Xiaoxiao']);
    expect(index.search('Jenny').slice(0, 2).map(label)).toEqual(['Jenny en-GB general', 'Jenny en-US general']);
  });

  it('narrows by locale, name and style together', () => {
    expect(index.search('en-US Jenny cheerful').map(label)).toEqual(['Jenny en-US cheerful']);
    expect(index.search('cheerful Jenny en-us').map(label)).toEqual(['Jenny en-US cheerful']);
    expect(index.search('Jenny en-GB').map(label)).toEqual(['Jenny en-GB general']);
    expect(index.search('male newscast').map(label)).toEqual(['Guy en-US newscast', 'Yunxi zh-CN newscast']);
  });

  it('finds voices by language name, code, and the name in the language itself', () => {
    const french = (list: Array<{ languageCode: string }>) => list.every((v) => v.languageCode.startsWith('fr-'));
    for (const q of ['French', 'french', 'français', 'francais']) {
      const found = index.search(q, {}, 100);
      expect(found.length, q).toBe(13);
      expect(french(found), q).toBe(true);
    }
    const france = index.search('French (France)', {}, 100);
    expect(france.slice(0, 10).every((v) => v.languageCode === 'fr-FR')).toBe(true);
    expect(index.search('fr-CA').map((v) => v.name)).toEqual(['Antoine', 'Jean', 'Sylvie']);
  });

  it('lists general styles first, then by locale and name, when ties remain', () => {
    const found = index.search('cheerful', { language: 'en' }, 100);
    expect(found.every((v) => v.style === 'cheerful')).toBe(true);
    expect(found.slice(0, 3).map(label)).toEqual([
      'Ryan en-GB cheerful',
      'Sonia en-GB cheerful',
      'Neerja en-IN cheerful',
    ]);
    const all = index.search('', {}, 1000);
    const firstStyled = all.findIndex((v) => v.style !== 'general');
    expect(all.slice(firstStyled).every((v) => v.style !== 'general')).toBe(true);
  });

  it('is deterministic whatever the input order', () => {
    const shuffled = createVoiceIndex([...voices].reverse());
    for (const q of ['Jenny', 'cheerful', 'fr', 'Jeny', '']) {
      expect(shuffled.search(q, {}, 50)).toEqual(index.search(q, {}, 50));
    }
  });

  it('returns nothing for words no voice has, and honours the limit', () => {
    expect(index.search('zzzqqq')).toEqual([]);
    expect(index.search('en-US Jenny sleepy')).toEqual([]);
    expect(index.search('')).toHaveLength(25);
    expect(index.search('', {}, 5)).toHaveLength(5);
  });

  it('answers a query over 800+ voices in well under a millisecond on average', () => {
    const big = createVoiceIndex(buildLargeCatalogue(900));
    const queries = ['Jenny', 'jen', 'Jeny', 'en-US Jenny cheerful', 'French', 'cheerful female', 'narration', 'zzzzz'];
    for (const q of queries) big.search(q); // warm up
    const rounds = 50;
    const started = performance.now();
    for (let i = 0; i < rounds; i++) for (const q of queries) big.search(q);
    const perQuery = (performance.now() - started) / (rounds * queries.length);
    // Generous bound for a loaded CI machine; typically ~0.2 ms.
    expect(perQuery).toBeLessThan(5);
  });
});

describe('filters', () => {
  it('filters by language code, base code, English name and native name', () => {
    expect(index.filter({ language: 'fr-FR' })).toHaveLength(10);
    expect(index.filter({ language: 'FR_fr' })).toHaveLength(10);
    expect(index.filter({ language: 'fr' })).toHaveLength(13);
    expect(index.filter({ language: 'French' })).toHaveLength(13);
    expect(index.filter({ language: 'french (canada)' })).toHaveLength(3);
    expect(index.filter({ language: 'Canadian French' })).toHaveLength(3);
    expect(index.filter({ language: 'français' })).toHaveLength(13);
    expect(index.filter({ language: 'English (US)' }).every((v) => v.languageCode === 'en-US')).toBe(true);
    expect(index.filter({ language: 'Klingon' })).toEqual([]);
  });

  it('filters by gender in any spelling', () => {
    const female = index.filter({ gender: 'female' });
    expect(female.length).toBeGreaterThan(0);
    expect(female.every((v) => v.gender === 'Female')).toBe(true);
    expect(index.filter({ gender: 'F' })).toEqual(female);
    expect(index.filter({ gender: 'Male' }).every((v) => v.gender === 'Male')).toBe(true);
    expect(index.filter({ gender: 'm' })).toEqual(index.filter({ gender: 'male' }));
    expect(index.filter({ gender: 'm' }).length + female.length).toBe(index.size);
  });

  it('filters by style, ignoring case and separators', () => {
    expect(names(index.filter({ style: 'NewsCast' })).sort()).toEqual(['Guy', 'Jenny', 'Neerja', 'Xiaoxiao', 'Yunxi']);
    expect(index.filter({ style: 'Narration Professional' }).map(label)).toEqual(['Aria en-US narration-professional']);
  });

  it('combines filters with a ranked query', () => {
    const found = index.filter({ language: 'en-US', gender: 'female', style: 'cheerful', query: 'jen' });
    expect(found.map(label)).toEqual(['Jenny en-US cheerful']);
    expect(index.filter({ language: 'zh-CN', query: 'xiao' })[0]?.name).toBe('Xiaoxiao');
    expect(index.search('Jenny', { language: 'en-GB' }).map(label)).toEqual(['Jenny en-GB general']);
  });

  it('with no filters lists every voice in a stable order', () => {
    const all = index.filter({});
    expect(all).toHaveLength(index.size);
    expect(index.filter({ language: ' ', style: '' })).toEqual(all);
  });
});

describe('resolving a voice someone typed', () => {
  it('accepts a voice id', () => {
    const v = find(voices, 'Aria', 'en-US', 'chat');
    expect(index.resolve(v.voiceId)).toEqual({ ok: true, voice: v });
    expect(index.resolve(` ${v.voiceId.toUpperCase()} `)).toEqual({ ok: true, voice: v });
  });

  it('resolves a unique name to its general style', () => {
    expect(index.resolve('Guy')).toEqual({ ok: true, voice: find(voices, 'Guy') });
    expect(index.resolve('guy')).toEqual({ ok: true, voice: find(voices, 'Guy') });
    expect(index.resolve('Xiaoxiao')).toEqual({ ok: true, voice: find(voices, 'Xiaoxiao', 'zh-CN') });
  });

  it('picks exactly with locale, name and style', () => {
    expect(index.resolve('en-US Jenny cheerful')).toEqual({
      ok: true,
      voice: find(voices, 'Jenny', 'en-US', 'cheerful'),
    });
    expect(index.resolve('Jenny en-GB')).toEqual({ ok: true, voice: find(voices, 'Jenny', 'en-GB') });
    expect(index.resolve('Denise cheerful')).toEqual({ ok: true, voice: find(voices, 'Denise', 'fr-FR', 'cheerful') });
    expect(index.resolve('Aria female whispering')).toEqual({
      ok: true,
      voice: find(voices, 'Aria', 'en-US', 'whispering'),
    });
  });

  it('resolves a name prefix that only one speaker has', () => {
    expect(index.resolve('Xiaox')).toEqual({ ok: true, voice: find(voices, 'Xiaoxiao', 'zh-CN') });
  });

  it('prefers the only general-style voice when a name has one', () => {
    const small = createVoiceIndex([
      voice({ name: 'Maya', languageCode: 'en-US', style: 'general' }, 1),
      voice({ name: 'Maya', languageCode: 'en-IN', style: 'cheerful' }, 2),
    ]);
    expect(small.resolve('Maya')).toMatchObject({ ok: true, voice: { languageCode: 'en-US' } });
  });

  it('explains an ambiguous name and how to be exact', () => {
    const r = index.resolve('Jenny');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.message).toContain('Jenny (en-GB, Female)');
    expect(r.message).toContain('Jenny (en-US, Female)');
    expect(r.message).toMatch(/`en-GB Jenny general`/);
    expect(r.suggestions.map(label)).toEqual(['Jenny en-GB general', 'Jenny en-US general']);
  });

  it('says how many more when a phrase matches many voices', () => {
    const r = index.resolve('en-US');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/and \d+ more/);
  });

  it('suggests the closest names for an unknown voice', () => {
    const r = index.resolve('Jeny');
    expect(r).toMatchObject({ ok: false });
    if (r.ok) return;
    expect(r.message).toMatch(/^unknown voice 'Jeny' — did you mean Jenny \(en-GB, Female\), Jenny \(en-US, Female\)/);
    expect(r.message).toMatch(/Browse with \/voices$/);
    expect(r.suggestions.length).toBeGreaterThan(0);
    expect(r.suggestions.length).toBeLessThanOrEqual(3);
    const far = index.resolve('Qwxyzzz');
    expect(far).toEqual({
      ok: false,
      reason: 'unknown',
      message: "unknown voice 'Qwxyzzz' — browse with /voices",
      suggestions: [],
    });
  });

  it('suggests near voices when one word of a phrase matches nothing', () => {
    const r = index.resolve('en-US Guy sleepy');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.suggestions[0]?.name).toBe('Guy');
  });

  it('refuses an empty text and an id that is not in the list', () => {
    expect(index.resolve('  ')).toMatchObject({ ok: false, suggestions: [] });
    const r = index.resolve('386a7b80-1001-4017-bb51-49b3428ab8f4');
    expect(r).toMatchObject({ ok: false });
    if (!r.ok) expect(r.message).toContain('not in the voice list');
  });
});

describe('autocomplete', () => {
  it('offers at most 25 choices named within 100 characters, valued by id', () => {
    const choices = index.autocomplete('');
    expect(choices).toHaveLength(25);
    expect(choices.every((c) => c.name.length <= 100 && index.byId(c.value) !== undefined)).toBe(true);
    expect(index.autocomplete('Jenny')[0]).toEqual({
      name: 'Jenny · en-GB · Female · general',
      value: find(voices, 'Jenny', 'en-GB').voiceId,
    });
    expect(index.autocomplete('en-US Jenny cheerful')).toEqual([
      { name: 'Jenny · en-US · Female · cheerful', value: find(voices, 'Jenny', 'en-US', 'cheerful').voiceId },
    ]);
    expect(index.autocomplete('e').length).toBeLessThanOrEqual(25);
    expect(index.autocomplete('a', 10)).toHaveLength(10);
  });

  it('cuts long names to 100 characters', () => {
    const long = createVoiceIndex([voice({ name: 'A'.repeat(150) }, 1)]);
    const [choice] = long.autocomplete('a');
    expect(choice?.name.length).toBeLessThanOrEqual(100);
    expect(choice?.name.endsWith('…')).toBe(true);
  });

  it('answers a pasted voice id with that voice', () => {
    const v = find(voices, 'Sonia', 'en-GB', 'sad');
    expect(index.autocomplete(v.voiceId)).toEqual([{ name: 'Sonia · en-GB · Female · sad', value: v.voiceId }]);
  });
});
