/**
 * A module loaded on first use, once: libraries only some commands need (the date parser, X's caption
 * counter) stay out of an idle bot's memory and start-up. The first caller starts the load; the rest share it.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load();
    return loading;
  };
}
