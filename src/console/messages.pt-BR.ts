import type { Translation } from '../core/i18n/messages.ts';
import type { CONSOLE_EN } from './messages.ts';

export const CONSOLE_PT_BR: Translation<typeof CONSOLE_EN> = {
  'console.only_you': '(só você)',
  'console.press': 'digite:',
  'console.thumbnail': 'miniatura:',
  'console.form_title': '{title} —{keep} {cancel} fecha o formulário.',
  'console.form_keep': ' Enter mantém a resposta mostrada entre [ ].',
  'console.choose_from': 'escolha entre {choices}',
  'console.not_shown': 'não aparece para mais ninguém',
  'console.form_closed': 'Formulário fechado; nada foi enviado.',
  'console.fix': 'Corrija a resposta acima{keep}, ou digite {cancel} para fechar o formulário.',
  'console.fix_keep': ' e pressione Enter para manter as outras',
  'console.slash':
    'Os comandos começam com uma barra, por exemplo `/clip https://youtu.be/… reels=2`. Digite /help para ver a lista.',
  'console.as_bad':
    '⚠️ `/as <name>`: um nome de letras e números, por exemplo `/as bea`; `/as` sozinho para voltar a ser você.',
  'console.as_back': 'Você é {who} de novo (pode configurar o bot).',
  'console.as_member': 'Agora você é {who}, um membro que não pode configurar o bot. `/as` para voltar.',
  'console.welcome': 'console do reelbot — digite /help para começar, quit para sair.',
  'console.listening': 'Ouvindo em {url} (verificação de saúde: {healthz}).',
  'console.still_running':
    '{count, plural, one {# job ainda está rodando e não se perdeu: o próximo início com esta pasta de dados o retoma e mostra os resultados.} other {# jobs ainda estão rodando e não se perderam: o próximo início com esta pasta de dados os retoma e mostra os resultados.}}',
  'console.stopped_waiting':
    'Paramos de esperar depois de {seconds} s; os jobs não concluídos ficam guardados e são retomados no próximo início.',
  'console.refused': '{count, plural, one {# comando foi recusado} other {# comandos foram recusados}}',
  'console.failed': '{count, plural, one {# job falhou} other {# jobs falharam}}',
  'console.resuming':
    '{count, plural, one {Retomando # job que ficou rodando nesta pasta de dados: o resultado aparece aqui quando ficar pronto.} other {Retomando # jobs que ficaram rodando nesta pasta de dados: os resultados aparecem aqui quando ficarem prontos.}}',
};
