import type { Translation } from '../i18n/messages.ts';
import type { PlatformMessages } from './messages.ts';

export const PLATFORM_FR: Translation<PlatformMessages> = {
  'dispatch.apology':
    'Désolé, un problème est survenu de notre côté. Il a été consigné ; veuillez réessayer dans un instant.',
  'dispatch.unknown_mention': 'Je ne connais pas `{name}`. Mentionnez-moi avec l’une de ces commandes : {names}.',
  'dispatch.needs_form_command': 'Il faut un formulaire : lancez `/{name}` pour l’ouvrir.',
  'dispatch.needs_form': 'Il faut un formulaire, qui ne peut pas s’ouvrir ici.',
  'dispatch.too_long_to_edit':
    '{label} : trop long pour être modifié ici ({size} ; ce formulaire en contient {holds}). Il est conservé tel quel.{change}',
  'dispatch.too_long_size': '{characters} caractères',
  'dispatch.too_long_size_counted': '{characters} caractères, {counted} selon le décompte de ce formulaire',
  'dispatch.too_long_change': ' Pour le modifier, {how}.',
};
