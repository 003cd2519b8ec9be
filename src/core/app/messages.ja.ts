export const APP_JA: Readonly<Record<string, string>> = {
  'command.help': 'ボットでできることと使い方',
  'command.help.command': '説明するコマンド',
  'command.as': 'ボットを設定できない別のメンバーとして操作します（一人で承認を試すため）',
  'command.as.name': '誰として操作するか（英数字）。省略すると自分に戻ります',
};
