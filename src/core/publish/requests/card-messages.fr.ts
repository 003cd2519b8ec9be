// Publishing's card, thread lines and shared words in French (tu, as the bot speaks in chat).
import type { Translation } from '../../i18n/messages.ts';
import type { PUBLISH_CARD_EN } from './card-messages.ts';

export const PUBLISH_CARD_FR: Translation<typeof PUBLISH_CARD_EN> = {
  'publish.card.outside_reviewer': '{name}, relecteur externe',
  'publish.card.outside_reviewer_invited': '{name}, relecteur externe invité par {inviter}',
  'publish.card.decided':
    '{state, select, published {Cette demande a déjà été publiée.} cancelled {Cette demande a été annulée.} publishing {Cette demande est en cours de publication.} unknown {On ne sait pas comment cette demande s’est terminée ; une personne qui peut configurer le bot peut la marquer comme publiée ou réessayer.} scheduled {Cette demande est déjà approuvée et programmée.} other {Cette demande a déjà été tranchée.}}',
  'publish.card.how':
    '{how, select, asked {la vidéo demandée au départ} subtitles {sous-titres} broll {B-roll} cut {un nouveau montage} thread {une vidéo du fil} other {un lien vidéo}}',
  'publish.when.utc': '{local} UTC',
  'publish.when.zoned': '{local} ({zone}) · {utc} UTC',
  'publish.when.unreadable':
    'Je n’ai pas pu lire l’horaire « {text} » : essaie `now`, `tomorrow 6pm`, `in 2 hours` ou `2026-12-01 18:00`.',
  'publish.when.past': 'L’horaire {when} est déjà passé : choisis une heure plus tardive, ou `now`.',
  'publish.when.too_far': 'L’horaire {when} est à plus d’un an : choisis une date plus proche.',
  'publish.policy.approvers_anyone': 'tout le monde dans le salon',
  'publish.policy.duration': '{unit, select, d {{n} j} h {{n} h} other {{n} min}}',
  'publish.policy.describe':
    '{approvals, plural, =0 {aucune approbation nécessaire} one {# approbation} other {# approbations}} · auto-approbation {self, select, yes {autorisée} other {non autorisée}} · les approbations expirent après {hours} h · approbateurs : {who} · fuseau horaire {zone} · {remind, select, off {rappels désactivés} other {rappels toutes les {every} (3 au plus)}} · relecture externe {outside, select, required {obligatoire} other {facultative}}',
  'publish.card.at': ' à {position}',
  'publish.card.approve': 'Approuver',
  'publish.card.request_changes': 'Demander des modifications',
  'publish.card.edit': 'Modifier',
  'publish.card.cancel': 'Annuler',
  'publish.card.post_now': 'Publier maintenant',
  'publish.card.new_time': 'Nouvel horaire',
  'publish.card.try_again': 'Réessayer',
  'publish.card.mark_posted': 'Marquer comme publiée',
  'publish.card.invite': 'Inviter un relecteur',
  'publish.card.new_version': 'Nouvelle version…',
  'publish.card.revoke': 'Révoquer les liens de relecture',
  'publish.card.revoke_one': 'Révoquer le lien d’un relecteur',
  'publish.card.watch': '▶ Vidéo',
};
