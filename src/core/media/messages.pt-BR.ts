import type { Translation } from '../i18n/messages.ts';
import type { MEDIA_EN } from './messages.ts';

export const MEDIA_PT_BR: Translation<typeof MEDIA_EN> = {
  'media.said': ' A API disse: “{message}”.',
  'media.budget_spent':
    '{scope, select, workspace {Este workspace já usou a parte dele da chave compartilhada do bot,} other {A chave deste canal já usou as}} {limit} requisições desta hora{reserved}; a próxima fica livre às {time} UTC.',
  'media.budget_reserved': ' para trabalho novo (mais {reserved} ficam reservadas para buscar resultados)',
  'media.budget_workspace':
    '{said} Este é um limite do próprio reelbot (MEDIA_API_WORKSPACE_SHARE={perHour}), para que cada workspace mantenha sua parte da chave do operador. Quem pode configurar o bot pode definir uma chave própria para este canal com `/setup key`.',
  'media.budget_key':
    '{said} Este é um limite do próprio reelbot (MEDIA_API_RATE_LIMIT={perHour}), definido para ficar dentro do plano da API de mídia.',
  'media.refused': 'A API de mídia recusou a requisição (400).{said} Confira o link e as opções e tente de novo.',
  'media.bad_key':
    'A API de mídia rejeitou a chave de API (401). Quem pode configurar o bot pode definir uma chave válida com `/setup key`.',
  'media.forbidden':
    'A chave de API não tem permissão para isso (403).{said} Confira o plano da conta à qual a chave pertence.',
  'media.not_found': 'A API de mídia não conhece esse projeto (404).{said}',
  'media.too_many':
    'Requisições demais para a API de mídia agora (429): o orçamento de requisições do plano acabou.{wait}',
  'media.wait': ' Tente de novo em {unit, select, s {{n} s} other {{n} min}}.',
  'media.wait_unknown': ' Tente de novo em alguns minutos.',
  'media.server':
    'A API de mídia teve um problema ({status}).{said} Nada foi perdido; tente de novo em alguns minutos.',
  'media.unreachable':
    'Não foi possível acessar a API de mídia (erro de rede ou tempo esgotado). Tente de novo daqui a pouco.',
  'media.answered': 'A API de mídia respondeu {status}.{said}',
  'media.store_away': 'O armazenamento está indisponível; tente de novo daqui a pouco.',
  'media.unexpected': 'Algo deu errado do nosso lado. O erro foi registrado; tente de novo.',
};
