import type { Translation } from '../i18n/messages.ts';
import type { PlatformMessages } from './messages.ts';

export const PLATFORM_ES: Translation<PlatformMessages> = {
  'dispatch.apology':
    'Lo sentimos, algo ha fallado por nuestra parte. Ya lo hemos registrado; vuelve a intentarlo en un momento.',
  'dispatch.unknown_mention': 'No conozco `{name}`. Mencióname con uno de estos: {names}.',
  'dispatch.needs_form_command': 'Esto necesita un formulario: ejecuta `/{name}` para abrirlo.',
  'dispatch.needs_form': 'Esto necesita un formulario, que no se puede abrir aquí.',
  'dispatch.too_long_to_edit':
    '{label}: demasiado largo para editarlo aquí ({size}; este formulario admite {holds}). Se mantiene tal como está.{change}',
  'dispatch.too_long_size': '{characters} caracteres',
  'dispatch.too_long_size_counted': '{characters} caracteres, {counted} según cuenta este formulario',
  'dispatch.too_long_change': ' Para cambiarlo, {how}.',
};
