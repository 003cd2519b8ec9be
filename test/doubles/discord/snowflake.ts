// Snowflake-shaped ids (milliseconds since the Discord epoch << 22 | counter), so discord.js can read a
// creation time from every id the double hands out.
const DISCORD_EPOCH = 1_420_070_400_000n;

export function createSnowflakes(): () => string {
  let counter = 0n;
  return () => {
    counter = (counter + 1n) % 4096n;
    return (((BigInt(Date.now()) - DISCORD_EPOCH) << 22n) | counter).toString();
  };
}
