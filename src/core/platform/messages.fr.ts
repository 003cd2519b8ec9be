import type { Translation } from '../i18n/messages.ts';
import type { PlatformMessages } from './messages.ts';

export const PLATFORM_FR: Translation<PlatformMessages> = {
  'dispatch.apology':
    'Désolé, un problème est survenu de notre côté. Il a été consigné ; veuillez réessayer dans un instant.',
  'dispatch.unknown_mention': 'Je ne connais pas `{name}`. Mentionnez-moi avec l’une de ces commandes : {names}.',
  'dispatch.needs_form_command': 'Il faut un formulaire : lancez `/{name}` pour l’ouvrir.',
  'dispatch.needs_form': 'Il faut un formulaire, qui ne peut pas s’ouvrir ici.',
};
