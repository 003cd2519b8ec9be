export const VOICES_JA: Readonly<Record<string, string>> = {
  'command.voices': '音声をサンプル付きで一覧表示します',
  'command.voices.language': '言語の名前またはコード（フランス語、fr-FR）',
  'command.voices.gender': '男性または女性',
  'command.voices.style': '話し方のスタイル（general、cheerful、newscast…）',
  'command.voices.query': '音声の名前に含まれる語',
  'lookup.voice': '音声の名前または ID（/voices を参照）',
};
