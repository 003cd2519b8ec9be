// A key held by a token (a store claim, a replica's turn): only its holder may renew or give it up, each in one
// atomic step on the server, so a holder whose key lapsed and was taken by another never touches the other's.

/** KEYS[1] the key; ARGV: the holder's token, the new time to live in ms. Answers 1 when renewed. */
export const RENEW_IF_HELD =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0";

/** KEYS[1] the key; ARGV: the holder's token. Answers 1 when deleted. */
export const RELEASE_IF_HELD =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";
