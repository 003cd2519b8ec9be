// The names this module had before the stores were split by technology (sqlite-store.ts,
// redis-store.ts, memory-store.ts): kept so code written against them keeps compiling.
export { openStore as createKeyvStore, type StoreOptions as KeyvStoreOptions } from './open-store.ts';
