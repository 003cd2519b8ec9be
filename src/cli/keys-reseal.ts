// `npm run keys:reseal` (from a build: `node dist/cli/keys-reseal.js`): the command around resealStore. Its exit
// status is what a rotation script checks before it drops the old key, so anything left unopened makes it 1.
import { loadConfig } from '../config.ts';
import { ConfigError } from '../core/errors.ts';
import { parseCliArgs } from './args.ts';
import { resealStore } from './reseal.ts';

const USAGE = `Usage: npm run keys:reseal [-- --dry-run]
       node dist/cli/keys-reseal.js [--dry-run]

After a key rotation (the new key in ENCRYPTION_KEY or, with SQLite, in data/encryption.key; the old ones in
ENCRYPTION_KEY_PREVIOUS), seals every stored secret again with the new key: channel API keys and social access
keys. A data/encryption.key holding an older key than ENCRYPTION_KEY is given the new one, so a later start reads
every secret with or without ENCRYPTION_KEY, and its older key is kept in data/encryption.key.old (never thrown
away: a backup from before the rotation needs it). Keys in data/encryption.key.old open secrets, for this tool and
for the bot alike. Run it with the bot's environment (STORE_URL, ENCRYPTION_KEY,
ENCRYPTION_KEY_PREVIOUS); it is safe while the bot runs and safe to run twice ("Nothing left to reseal").

Options:
  --dry-run   report what is still sealed with an old key and what no configured key opens; write nothing
  -h, --help  print this and change nothing

Exit status: 0 every secret was opened (ENCRYPTION_KEY_PREVIOUS can go); 1 something could not be opened or read
(listed), or the store failed; 2 a wrong argument or configuration.`;

type Report = Awaited<ReturnType<typeof resealStore>>;

function summary(report: Report, dryRun: boolean): string[] {
  const seal = dryRun ? 'Would seal' : 'Sealed';
  const { channels, socials } = report.sealedWithOldKey;
  const unopened = report.unreadable.length + report.socials.unreadable.length + report.malformed.length;
  const lines = dryRun ? ['Dry run: nothing was written.'] : [];
  if (channels + socials === 0 && unopened === 0) {
    lines.push(`Nothing left to reseal: every stored secret is sealed with the current key (${report.currentKey}).`);
  } else {
    // Only what an old key opened is counted: a secret no configured key opens keeps its seal (listed apart).
    lines.push(
      `${seal} the secrets of ${channels} channel(s) again with the current key (${report.currentKey}).`,
      `${seal} ${socials} social access key(s) again.`,
    );
  }
  if (report.keyFileUpdated) {
    const write = dryRun ? 'Would write' : 'Wrote';
    const { file, oldKeys } = report.keyFileUpdated;
    lines.push(
      `${write} the key of ENCRYPTION_KEY into ${file} in place of the older key it held, so a start without ` +
        `ENCRYPTION_KEY reads every secret; ${dryRun ? 'would keep' : 'kept'} that older key in ${oldKeys} ` +
        '(the bot reads it too), for backups made before the rotation.',
    );
  }
  return lines;
}

function problems(report: Report): string[] {
  const lines: string[] = [];
  if (report.unreadable.length > 0) {
    lines.push(
      `${report.unreadable.length} channel(s) hold a key no configured key opens (their admins are told to set it ` +
        `again): ${report.unreadable.join(', ')}`,
    );
  }
  if (report.socials.unreadable.length > 0) {
    lines.push(
      `${report.socials.unreadable.length} social access key(s) no configured key opens (add them again with ` +
        `/setup socials add): ${report.socials.unreadable.join(', ')}`,
    );
  }
  if (report.malformed.length > 0) lines.push(`Left malformed records as they are: ${report.malformed.join(', ')}`);
  if (lines.length > 0) {
    lines.push(
      'Not every secret was opened. If an old key is missing, add it to ENCRYPTION_KEY_PREVIOUS and run this again; ' +
        'keep ENCRYPTION_KEY_PREVIOUS set until the listed channels have set their keys again.',
    );
  }
  return lines;
}

async function main(): Promise<void> {
  const args = parseCliArgs(USAGE, { 'dry-run': { type: 'boolean' } });
  if (!args) return;
  const dryRun = args['dry-run'] ?? false;
  const report = await resealStore(loadConfig(), { dryRun });
  process.stdout.write(`${summary(report, dryRun).join('\n')}\n`);
  const unopened = problems(report);
  if (unopened.length > 0) {
    process.stderr.write(`${unopened.join('\n')}\n`);
    process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  const configMistake = err instanceof ConfigError;
  const prefix = configMistake ? 'keys:reseal cannot start: ' : 'keys:reseal failed: ';
  process.stderr.write(`${prefix}${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = configMistake ? 2 : 1;
});
