export { createKeyvStore, type KeyvStoreOptions } from './keyv-store.ts';
export {
  createSecretBox,
  type EncryptionKey,
  loadOrCreateKeyFile,
  parseEncryptionKey,
  SealedSecretError,
  type SecretBoxKeys,
} from './secret-box.ts';
export {
  type ChannelSettings,
  CorruptRecordError,
  createSettingsRepo,
  maskSecret,
  type SettingsPatch,
  type SettingsRepo,
  type SocialKey,
} from './settings-repo.ts';
