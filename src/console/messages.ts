// The console's own lines, in English: the mark of a private line, how a form is asked at a terminal, `/as`, and
// what is said when the console starts and stops. The person at the terminal reads them in their language (LANG and
// its kin, as for the bot's answers); each language's version is in messages.<language>.ts beside this file.
export const CONSOLE_EN = {
  'console.only_you': '(only you)',
  'console.press': 'type:',
  'console.thumbnail': 'thumbnail:',
  'console.form_title': '{title} —{keep} {cancel} closes the form.',
  'console.form_keep': ' Enter keeps the answer shown in [ ].',
  'console.choose_from': 'choose from {choices}',
  'console.not_shown': 'not shown to anyone else',
  'console.form_closed': 'Form closed; nothing was sent.',
  'console.fix': 'Fix the answer above{keep}, or {cancel} to close the form.',
  'console.fix_keep': ' and press Enter to keep the others',
  'console.slash': 'Commands start with a slash, e.g. `/clip https://youtu.be/… reels=2`. Type /help for the list.',
  'console.as_bad': '⚠️ `/as <name>`: a name of letters and digits, e.g. `/as bea`; `/as` alone to be yourself again.',
  'console.as_back': 'You are {who} again (you may configure the bot).',
  'console.as_member': 'You are now {who}, a member who may not configure the bot. `/as` to come back.',
  'console.welcome': 'reelbot console — type /help to start, quit to leave.',
  'console.listening': 'Listening on {url} (health check: {healthz}).',
  'console.still_running':
    '{count, plural, one {# job is still running and not lost: the next start on this data folder picks it up and prints the results.} other {# jobs are still running and not lost: the next start on this data folder picks them up and prints the results.}}',
  'console.stopped_waiting':
    'Stopped waiting after {seconds} s; unfinished jobs stay in the store and are picked up next start.',
  'console.refused': '{count, plural, one {# command was refused} other {# commands were refused}}',
  'console.failed': '{count, plural, one {# job failed} other {# jobs failed}}',
  'console.resuming':
    '{count, plural, one {Resuming # job left running on this data folder: its result prints here when ready.} other {Resuming # jobs left running on this data folder: their results print here when ready.}}',
} as const;
