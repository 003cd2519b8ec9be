export {
  createSecretBox,
  type EncryptionKey,
  loadOrCreateKeyFile,
  parseEncryptionKey,
  SealedSecretError,
  type SecretBoxKeys,
} from '../../core/channels/secret-box.ts';
export {
  type ChannelSettings,
  CorruptRecordError,
  createSettingsRepo,
  maskSecret,
  type SettingsPatch,
  type SettingsRepo,
} from '../../core/channels/settings-repo.ts';
export { createMemoryStore } from './memory-store.ts';
export { openStore, type StoreOptions } from './open-store.ts';
export { createRedisStore, type RedisStoreOptions } from './redis-store.ts';
export { createSqliteStore, type SqliteStoreOptions } from './sqlite-store.ts';
