// `npm run slack:manifest` prints the app manifest for Socket Mode;
// `npm run slack:manifest -- --http https://your.host` prints the HTTP-mode one.
import { parseArgs } from 'node:util';
import { COMMANDS } from '../core/commands/table.ts';
import { slackManifest } from './manifest.ts';

const { values } = parseArgs({ options: { http: { type: 'string' }, name: { type: 'string' } } });
try {
  const manifest = slackManifest({
    commands: COMMANDS,
    socketMode: values.http === undefined,
    ...(values.http !== undefined ? { requestUrl: values.http } : {}),
    ...(values.name !== undefined ? { appName: values.name } : {}),
  });
  process.stdout.write(`${JSON.stringify(manifest, null, 2)}\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
