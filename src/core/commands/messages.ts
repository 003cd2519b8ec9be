// The command framework's own messages in English (the source): /help's frame, and every refusal of the parser
// and the validation. Each language is a file beside this one (messages.de.ts …); core/app gathers them with
// the features' messages. Quotes around a value are written '' (ICU reads a lone ' before { as an escape).
export const COMMANDS_EN = {
  // /help
  'help.overview_intro': 'What I can do — `/help clip` (or any command) shows its options:',
  'help.no_command': "no command ''{name}''. Here is what I can do:",
  'help.no_command_guess': "no command ''{name}'' — {guess} Here is what I can do:",
  'help.overview_line': '`/{name}` — {description}',
  'help.overview_line_configure': '`/{name}` — {description} — for people who may configure the bot',
  'help.commands_title': 'Commands',
  'help.overview_footer': 'Details: /help clip · Values with spaces go in quotes: "…"',
  'help.usage': '**Usage:** `{usage}`',
  'help.configure_only': 'Only people who may configure the bot can run it.',
  'help.options_heading': '**Options**',
  'help.tips_heading': '**Tips**',
  'help.details_text': '/{name} — {description}',
  'help.option_line': '• `{name}`{aliases} — {description}. {notes}.',
  'help.option_aliases': ' (also {aliases})',
  'help.required': '**required**',
  'help.notes_joiner': '; ',
  'help.rest': 'the rest of the text, no `{name}=` needed',
  'help.positional': 'may be written without `{name}=`',
  'help.flag': 'Flag: `{name}` turns it on',
  'help.one_of': 'One of: {values}',
  'help.whole_number': 'Whole number{span}',
  'help.number': 'Number{span}',
  'help.yes_no': 'yes or no',
  'help.link': 'An http(s) link',
  'help.text': 'Text',
  'help.text_up_to': 'Text, up to {max, number} characters',
  'help.tip_key_value': 'Options are written `key=value`, in any order; `-` and `_` are the same (`remove-fillers`).',
  'help.tip_quote': 'Quote a value with spaces or `=`: `prompt="funny moments, no intro"` (smart quotes work too).',
  'help.tip_flag': 'Flags: `{name}` alone turns one on, `{name}=false` turns it off.',
  'help.tip_form': 'On Slack, run `/{name}` with no text to get a form.',
  'help.continued': '{title} (continued)',
  'help.console_only':
    '`/{name}` ({description}) works only in the terminal console (`npm start` with no chat token); here everyone is themselves.',
  // Guesses
  'suggest.did_you_mean': 'did you mean {choices}?',
  'suggest.did_you_mean_sentence': 'Did you mean {choices}?',
  'suggest.or': '{head} or {last}',
  // The bot's answers before any feature
  'bot.unknown_command': 'There is no /{name} command. Try /help.',
  'bot.unknown_command_guess': 'There is no /{name} command. {guess} Try /help.',
  'bot.form_expired': 'That form has expired. Run the command again.',
  'bot.button_expired': 'That button is no longer supported. Run the command again.',
  'commands.not_allowed':
    'Only people who may configure the bot can change its settings (Discord: Manage Server; Slack: workspace admins or the operator’s SLACK_ADMIN_USERS list).',
  'commands.options_bug':
    'Sorry, /{name} could not read its options (a bug in the bot, now logged). Please tell the operator.',
  'budget.line': '{left} of {total} requests left this hour for new work{kept}{whose}{next}',
  'budget.kept': ' ({count} more kept for reading results back)',
  'budget.shared': ' (this workspace’s share of the shared key; `/setup key` sets your own)',
  'budget.next': '; the next frees at {time} UTC',
  // The parser
  'parse.private_key_hint':
    ' — the API key is entered in the private form that /{command} key opens, never in the command text',
  'parse.private_hint': ' — what was typed is not repeated here',
  'parse.option_list': '/{command} options: {options}',
  'parse.no_options': '/{command} takes no options',
  'parse.no_options_got': "/{command} takes no options (got ''{word}'')",
  'parse.unknown_option': "unknown option ''{key}''. {options}",
  'parse.unknown_option_guess': "unknown option ''{key}'' — {guess} {options}",
  'parse.unknown_option_private': 'unknown option. {options}',
  'parse.unknown_option_private_guess': 'unknown option — {guess} {options}',
  'parse.unexpected_private': 'unexpected extra text{hint}. {options}',
  'parse.unexpected_private_after': 'unexpected extra text after `{after}`{hint}. {options}',
  'parse.how_options': 'Options are written key=value (e.g. {example}=…), quoted if they have spaces.',
  'parse.unexpected_word': "unexpected ''{word}''. {how} {options}",
  'parse.unexpected_word_guess': "unexpected ''{word}'' — {guess} {how} {options}",
  'parse.unclosed_private': 'unclosed quote in the command text (add the closing one){hint}',
  'parse.unclosed':
    "unclosed quote: the {quote} before ''{after}'' has no closing quote — add one, or write \\\" for a quote inside a value",
  'parse.no_value': '{key}= has no value — write {key}=<value> (quote it if it has spaces)',
  'parse.given_twice': '{name} is given twice — keep one',
  'parse.given_twice_values': "{name} is given twice (''{first}'' and ''{second}'') — keep one",
  // The validation
  'validate.missing': 'missing {names} — usage: {usage}',
  'validate.number':
    '{name} must be {kind, select, whole {a whole number} other {a number}}{range, select, between { from {min} to {max}} min { of at least {min}} max { of at most {max}} other {}}',
  'validate.number_got':
    '{name} must be {kind, select, whole {a whole number} other {a number}}{range, select, between { from {min} to {max}} min { of at least {min}} max { of at most {max}} other {}} (got {value})',
  'validate.boolean': '{name} must be yes or no (true/false, on/off, 1/0)',
  'validate.boolean_got': "{name} must be yes or no (true/false, on/off, 1/0) — got ''{value}''",
  'validate.not_a_link': '{name} is not a link — paste an http(s) URL {what}',
  'validate.not_a_link_got': "{name}: ''{value}'' is not a link — paste an http(s) URL {what}",
  'validate.not_web_link': '{name} is not a web link — paste an http(s) URL {what}',
  'validate.not_web_link_got': "''{value}'' is not a web link — paste an http(s) URL {what}",
  'validate.link_to_video': 'to the video',
  'validate.link_for': 'for {name}',
  'validate.too_long': '{name} is too long: {length} characters, at most {max}',
  'validate.only_elsewhere':
    "{name} ''{value}'' is for {elsewhere} only: /{command} does not take it. See /help {command} for the {count} values it takes.",
  'validate.unknown_value': "unknown {name} ''{value}''.",
  'validate.unknown_value_guess': "unknown {name} ''{value}'' — {guess}",
  'validate.unknown_value_private': 'unknown {name}{hint}.',
  'validate.unknown_value_private_guess': 'unknown {name} — {guess}',
  'validate.valid_values': '{head} Valid: {values}',
  'validate.see_help_values': '{head} See /help {command} for all {count} values.',
} as const;

export type CommandsMessages = typeof COMMANDS_EN;
