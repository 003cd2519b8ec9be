// The Slack adapter's own words, in English: the buttons of every form it opens and what its command form adds
// (a bare `/clip` opens one, derived from the command table). The reader's language comes from users.info
// (user-locales.ts); each language's version is in messages.<language>.ts beside this file.
export const SLACK_EN = {
  'slack.form_submit': 'Submit',
  'slack.form_cancel': 'Cancel',
  'slack.form_extras': 'Extras',
  'slack.form_choose': 'Choose…',
} as const;
