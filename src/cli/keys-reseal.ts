import { loadConfig } from '../config.ts';
import { ConfigError } from '../core/errors.ts';
import { resealStore } from './reseal.ts';

try {
  const report = await resealStore(loadConfig());
  console.log(`Sealed the secrets of ${report.resealed} channel(s) again with the current ENCRYPTION_KEY.`);
  if (report.unreadable.length > 0) {
    console.log(
      `${report.unreadable.length} channel(s) hold a key no configured key opens (their admins are told to set it ` +
        `again): ${report.unreadable.join(', ')}`,
    );
  }
  console.log(`Sealed ${report.socials.resealed} social access key(s) again.`);
  if (report.socials.unreadable.length > 0) {
    console.log(
      `${report.socials.unreadable.length} social access key(s) no configured key opens (add them again with ` +
        `/setup socials add): ${report.socials.unreadable.join(', ')}`,
    );
  }
  if (report.malformed.length > 0) console.log(`Left malformed records as they are: ${report.malformed.join(', ')}`);
} catch (err) {
  console.error(err instanceof ConfigError ? `reseal cannot start: ${err.message}` : `reseal failed: ${String(err)}`);
  process.exitCode = 1;
}
