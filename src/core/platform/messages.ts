// What the dispatch itself says (the one apology, a mention it cannot run, a form that cannot open), in English;
// each language is a file beside this one. The Bot hands the dispatch a translator for the person.
export const PLATFORM_EN = {
  'dispatch.apology': 'Sorry, something went wrong on our side. It has been logged; please try again in a moment.',
  'dispatch.unknown_mention': 'I don’t know `{name}`. Mention me with one of: {names}.',
  'dispatch.needs_form_command': 'That needs a form: run `/{name}` to open it.',
  'dispatch.needs_form': 'That needs a form, which cannot open here.',
  'dispatch.too_long_to_edit':
    '{label}: too long to edit here ({size}; this form holds {holds}). It is kept as it is.{change}',
  'dispatch.too_long_size': '{characters} characters',
  'dispatch.too_long_size_counted': '{characters} characters, {counted} as this form counts them',
  'dispatch.too_long_change': ' To change it, {how}.',
} as const;

export type PlatformMessages = typeof PLATFORM_EN;
