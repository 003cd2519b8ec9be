// `npm run slack:manifest -- --out manifest.json` writes the app manifest for Socket Mode;
// `--http https://your.host` makes the HTTP-mode one. Without --out it prints the JSON: use `npm run -s`
// then, because npm prints its own "> reelbot@… slack:manifest" banner on stdout, which breaks the JSON.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadSlackCommandPrefix } from '../config.ts';
import { COMMANDS } from '../core/commands/table.ts';
import { slackManifest } from '../slack/manifest.ts';

const { values } = parseArgs({
  options: { http: { type: 'string' }, name: { type: 'string' }, out: { type: 'string' } },
});
try {
  const manifest = slackManifest({
    commands: COMMANDS,
    commandPrefix: loadSlackCommandPrefix(),
    socketMode: values.http === undefined,
    ...(values.http !== undefined ? { requestUrl: values.http } : {}),
    ...(values.name !== undefined ? { appName: values.name } : {}),
  });
  const json = `${JSON.stringify(manifest, null, 2)}\n`;
  if (values.out) {
    writeFileSync(values.out, json);
    // stderr, so nothing but JSON ever reaches stdout.
    process.stderr.write(`Slack app manifest written to ${values.out}: paste it at https://api.slack.com/apps\n`);
  } else process.stdout.write(json);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
