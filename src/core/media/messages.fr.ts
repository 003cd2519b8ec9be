import type { Translation } from '../i18n/messages.ts';
import type { MEDIA_EN } from './messages.ts';

export const MEDIA_FR: Translation<typeof MEDIA_EN> = {
  'media.said': ' L’API a répondu : « {message} ».',
  'media.budget_spent':
    '{scope, select, workspace {Cet espace de travail a utilisé sa part de la clé partagée du bot,} other {La clé de ce salon a utilisé ses}} {limit} requêtes de cette heure{reserved} ; la prochaine se libère à {time} UTC.',
  'media.budget_reserved':
    ' pour du nouveau travail ({reserved} de plus sont réservées à la récupération des résultats)',
  'media.budget_workspace':
    '{said} C’est une limite propre à reelbot (MEDIA_API_WORKSPACE_SHARE={perHour}), pour que chaque espace de travail garde sa part de la clé de l’opérateur. Une personne autorisée à configurer le bot peut définir la clé propre à ce salon avec `/setup key`.',
  'media.budget_key':
    '{said} C’est une limite propre à reelbot (MEDIA_API_RATE_LIMIT={perHour}), fixée pour rester dans le forfait de l’API média.',
  'media.refused': 'L’API média a refusé la requête (400).{said} Vérifiez le lien et les options, puis réessayez.',
  'media.bad_key':
    'L’API média a refusé la clé d’API (401). Une personne autorisée à configurer le bot peut définir une clé valide avec `/setup key`.',
  'media.forbidden':
    'La clé d’API n’est pas autorisée à faire cela (403).{said} Vérifiez le forfait du compte auquel la clé appartient.',
  'media.not_found': 'L’API média ne connaît pas ce projet (404).{said}',
  'media.too_many':
    'Trop de requêtes vers l’API média en ce moment (429) : le budget de requêtes du forfait est épuisé.{wait}',
  'media.wait': ' Réessayez dans {unit, select, s {{n} s} other {{n} min}}.',
  'media.wait_unknown': ' Réessayez dans quelques minutes.',
  'media.server':
    'L’API média a rencontré un problème ({status}).{said} Rien n’est perdu ; réessayez dans quelques minutes.',
  'media.unreachable': 'Impossible de joindre l’API média (erreur réseau ou délai dépassé). Réessayez dans un instant.',
  'media.answered': 'L’API média a répondu {status}.{said}',
  'media.store_away': 'Le stockage est indisponible, réessayez dans un instant.',
  'media.unexpected': 'Un problème est survenu de notre côté. Il a été enregistré ; veuillez réessayer.',
};
