// The design's floor for a webhook delivery (spawned by reads-only.ts): a node:http server that does what the
// libraries alone cost on the bot's path for a delivery: the body parsed as JSON, then the same two reads
// through keyv on the bot's own store (the delivery's token record, then its job), answering 200 when both
// are found and 404 otherwise. SQLite is keyv over @keyv/sqlite on the bot's file (WAL lets both read it);
// Redis is keyv over ioredis's GET under the bot's key prefix. No validation, no metrics, no logging, no
// read-back scheduling: what is left of the bot's time per delivery over this floor is the bot's own.
// Plain JavaScript, run by node with its default flags, as the bot's compiled build is.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import Keyv from 'keyv';

const url = process.env.STORE_URL ?? '';
const prefix = process.env.KEY_PREFIX ?? '';
const options = { namespace: undefined, useKeyPrefix: false, throwOnErrors: true, emitErrors: false };

let keyv;
if (url.startsWith('sqlite://')) {
  const { default: KeyvSqlite } = await import('@keyv/sqlite');
  keyv = new Keyv({ ...options, store: new KeyvSqlite({ uri: url, table: process.env.TABLE, busyTimeout: 5000 }) });
} else {
  const { default: Redis } = await import('ioredis');
  const redis = new Redis(url, { enableAutoPipelining: false });
  // Only get is used: keyv hands GET's text to its own deserializer, as it does with any adapter.
  const store = new Map();
  store.get = (key) => redis.get(prefix + key).then((text) => text ?? undefined);
  keyv = new Keyv({ ...options, store });
}

const tokenKey = (token) => `tokens:${createHash('sha256').update(token).digest('base64url')}`;
const PATH = '/webhooks/media/';

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', async () => {
    let found = false;
    try {
      JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const token = (req.url ?? '').startsWith(PATH) ? req.url.slice(PATH.length) : '';
      // The bot keeps each value in an envelope, `{ v, exp }`.
      const record = token ? await keyv.get(tokenKey(token)) : undefined;
      found = record?.v?.jobId !== undefined && (await keyv.get(`jobs:${record.v.jobId}`)) !== undefined;
    } catch {
      found = false;
    }
    res.writeHead(found ? 200 : 404, { 'content-type': 'application/json' });
    res.end(found ? '{"ok":true}' : '{"error":"unknown or expired webhook"}');
  });
});
server.listen(0, '127.0.0.1', () => console.log(String(server.address().port)));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
