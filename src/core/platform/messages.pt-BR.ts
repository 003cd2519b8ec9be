import type { Translation } from '../i18n/messages.ts';
import type { PlatformMessages } from './messages.ts';

export const PLATFORM_PT_BR: Translation<PlatformMessages> = {
  'dispatch.apology': 'Desculpe, algo deu errado do nosso lado. O erro foi registrado; tente de novo em instantes.',
  'dispatch.unknown_mention': 'Não conheço `{name}`. Me mencione com um destes: {names}.',
  'dispatch.needs_form_command': 'Isso precisa de um formulário: execute `/{name}` para abri-lo.',
  'dispatch.needs_form': 'Isso precisa de um formulário, que não pode ser aberto aqui.',
  'dispatch.too_long_to_edit':
    '{label}: longo demais para editar aqui ({size}; este formulário comporta {holds}). Ele é mantido como está.{change}',
  'dispatch.too_long_size': '{characters} caracteres',
  'dispatch.too_long_size_counted': '{characters} caracteres, {counted} na contagem deste formulário',
  'dispatch.too_long_change': ' Para alterá-lo, {how}.',
};
