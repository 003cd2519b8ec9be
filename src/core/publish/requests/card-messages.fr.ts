// Publishing's card, thread lines and shared words in French (vous, as the bot's other French messages).
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
    'Je n’ai pas pu lire l’horaire « {text} » : essayez `now`, `tomorrow 6pm`, `in 2 hours` ou `2026-12-01 18:00`.',
  'publish.when.past': 'L’horaire {when} est déjà passé : choisissez une heure plus tardive, ou `now`.',
  'publish.when.too_far': 'L’horaire {when} est à plus d’un an : choisissez une date plus proche.',
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
  'publish.card.head':
    '{state, select, pending {📝 Demande de publication — en attente d’approbation} scheduled {🗓️ Demande de publication — approuvée, programmée} overdue {⏰ Demande de publication — son heure est passée : publiez maintenant ou choisissez un nouvel horaire} publishing {⏳ Publication en cours…} published {✅ Publiée} failed {⚠️ Non publiée} unknown {❓ Résultat inconnu — elle a peut-être été publiée, peut-être pas} other {🚫 Annulée}}',
  'publish.card.head_changes': '✏️ Demande de publication — modifications demandées',
  'publish.card.head_expired':
    '⌛ Demande de publication — approbations expirées (la personne qui l’a faite peut cliquer sur Modifier pour redemander)',
  'publish.card.head_making': '{head} · version {n} en préparation',
  'publish.card.text': '{head} : {title}{ask}',
  'publish.card.latest_ask': ' — {who} demande : « {reason} »',
  'publish.card.field_version': 'Version',
  'publish.card.field_title': 'Titre',
  'publish.card.field_description': 'Description',
  'publish.card.none': '(vide)',
  'publish.card.field_accounts': 'Comptes',
  'publish.card.field_privacy': 'Confidentialité',
  'publish.card.privacy':
    '{privacy, select, public {publique} private {privée} unlisted {non répertoriée} other {{privacy}}}',
  'publish.card.field_schedule': 'Programmation',
  'publish.card.when_approved': 'maintenant, dès qu’elle est approuvée',
  'publish.card.field_requested_by': 'Demandée par',
  'publish.card.field_approval': 'Approbation',
  'publish.card.field_posts': 'Publications',
  'publish.card.field_approved_by': 'Approuvée par',
  'publish.card.field_moved_by': 'Déplacée par',
  'publish.card.moved': '{who} le {when} (elle était prévue le {from})',
  'publish.card.field_decided_by':
    '{state, select, published {Publiée par} cancelled {Annulée par} other {Dernière action par}}',
  'publish.card.decided_at': '{who} le {when}',
  'publish.card.field_changes': 'Modifications demandées',
  'publish.card.field_changes_by_version': 'Demandes de modification par version',
  'publish.card.field_reviewers': 'Relecteurs externes',
  'publish.card.footer': 'Demande {id} · les approbations expirent après {hours} h',
  'publish.card.change_on_version': ' (sur la version {n})',
  'publish.card.change_line': '{who}{at}{on} : {reason}',
  'publish.card.changes_more': '…et {count} plus anciennes',
  'publish.card.changes_tail':
    'Les approbations comptent toujours ; « Nouvelle version… » ou « Modifier » par la personne qui a fait la demande y répond.',
  'publish.card.by_version_open': 'ouvertes : {who}',
  'publish.card.by_version_answers': 'répond à {who}',
  'publish.card.by_version_answer': '{who}{at} (demandé sur la version {n})',
  'publish.card.by_version': 'Version {n} ({how}) : {parts}',
  'publish.card.by_version_none': 'aucune demande de modification',
  'publish.card.version_made': 'Version {n} sur {total} : {how}, par {who}',
  'publish.card.version_sent':
    '{made}. {state, select, published {Publiée} publishing {En cours de publication} other {À publier}} : version {n}, avec les approbations données sur la version {n}.',
  'publish.card.version_making':
    '🛠️ Version {n} en préparation ({how}) par {who} : elle deviendra la vidéo une fois sa tâche terminée ; d’ici là, la version {current} reste en place.',
  'publish.card.version_unmade':
    '⚠️ La version {n} n’a pas pu être créée : {error} La version {current} reste, avec ses approbations.',
  'publish.card.not_counted': '{who} (non comptée)',
  'publish.card.waiting_outside': ' · en attente d’un relecteur externe',
  'publish.card.needs_outside': 'nécessite l’approbation d’un relecteur externe',
  'publish.card.no_approval_needed': 'aucune approbation nécessaire',
  'publish.card.expired': ' · ⌛ expirée',
  'publish.card.from_members': 'membres autorisés à approuver',
  'publish.card.from_nobody': 'personne : plus aucun approbateur désigné (modifiez /setup approvers)',
  'publish.card.awaited':
    ' · en attente de {short} de plus de la part de {from} (un relecteur externe compte pour l’approbateur qui l’a invité)',
  'publish.card.of_version': ' de la version {n}',
  'publish.card.needs':
    'nécessite {approvals, plural, one {# approbation} other {# approbations}} ({counted}/{total}){of}{names}{awaited}{outside}{expired}',
  'publish.thread.anyone_can_approve': 'Tout le monde dans le salon peut l’approuver.',
  'publish.thread.anyone_but_requester': 'Tout le monde sauf la personne qui l’a faite peut l’approuver.',
  'publish.thread.no_approver_left':
    'Aucun des approbateurs désignés ne peut encore la donner : une personne qui peut configurer le bot peut modifier `/setup approvers`.',
  'publish.thread.can_approve': 'Peuvent approuver : {who}.',
  'publish.thread.reminder_missing':
    '{outside, select, yes {l’approbation d’un relecteur externe} other {{count, plural, one {encore # approbation} other {encore # approbations}}}}',
  'publish.thread.reminder_also': ' (dont une d’un relecteur externe)',
  'publish.thread.reminder_needs':
    'nécessite {missing}{also} · expire dans {unit, select, day {{n, plural, one {# jour} other {# jours}}} hour {{n, plural, one {# heure} other {# heures}}} other {{n, plural, one {# minute} other {# minutes}}}}',
  'publish.thread.reminder_slot':
    '🔔 Cette publication est programmée pour le {when} et {needs}. {who} Si l’approbation arrive après cette heure, rien n’est publié en retard sans demander d’abord.',
  'publish.thread.reminder_missed':
    ' Son heure ({when}) est passée : une fois approuvée, la personne qui l’a demandée choisit « Publier maintenant » ou « Nouvel horaire ».',
  'publish.thread.reminder': '🔔 Rappel {n}/{max} : cette demande {needs}.{missed} {who}',
  'publish.thread.scheduled': '🗓️ Approuvée : elle sera publiée le {when}.',
  'publish.thread.missed_down': 'Cette publication était prévue le {when}, pendant que le bot était arrêté.',
  'publish.thread.missed_late':
    'La dernière approbation est arrivée après l’heure de cette publication ({when}), elle n’a donc pas été publiée en retard.',
  'publish.thread.missed':
    '⏰ {cause} {requester}, la publier maintenant, ou choisir un nouvel horaire ? (Annuler l’abandonne.)',
  'publish.thread.moved':
    '🗓️ {who} a déplacé cette publication au {when} (elle était prévue le {from}). Les approbations données comptent toujours.',
  'publish.thread.published': '✅ Publiée sur {posts}. {requester}',
  'publish.thread.not_published': '⚠️ Non publiée. {error}',
  'publish.thread.outcome_unknown': '❓ Résultat inconnu : {error}',
  'publish.thread.nothing_posted': 'Rien n’a été publié : {why}',
  'publish.thread.api_slow_down': 'l’API média nous a demandé de ralentir (429). Réessayez dans quelques minutes.',
  'publish.thread.api_key_refused':
    'l’API média a refusé la clé d’API du salon ({status}) ; vérifiez `/setup key`, puis réessayez.',
  'publish.thread.api_refused':
    'l’API média a refusé la demande ({status}) ; vérifiez les clés d’accès (`/setup socials`) et les textes, puis réessayez.',
  'publish.thread.api_unknown':
    '{answered, select, yes {L’API média a répondu {status}} other {L’API média n’a pas répondu à temps (ou était injoignable)}}, la publication a donc peut-être été créée, peut-être pas. Vérifiez les comptes, puis utilisez « Marquer comme publiée » ou « Réessayer ».',
  'publish.thread.not_replicated':
    'Rien n’a été publié : le stockage était indisponible (aucune réplique n’a confirmé cette tentative). Réessayez dans un instant.',
  'publish.thread.accounts_gone':
    '{count, plural, one {Rien n’a été publié : le compte {names} n’est plus configuré dans ce salon (`/setup socials`).} other {Rien n’a été publié : les comptes {names} ne sont plus configurés dans ce salon (`/setup socials`).}}',
  'publish.thread.no_post_id': '(aucun identifiant renvoyé)',
  'publish.thread.stopped':
    'Le bot s’est arrêté pendant la publication, la publication a donc peut-être été créée, peut-être pas. Vérifiez les comptes, puis utilisez « Marquer comme publiée » ou « Réessayer ».',
  'publish.thread.unrecorded':
    'Le bot n’a pas pu enregistrer si cela a été publié, la publication a donc peut-être été créée, peut-être pas. Vérifiez les comptes, puis utilisez « Marquer comme publiée » ou « Réessayer ».',
  'publish.when.not_yours':
    'Seule la personne qui l’a demandée, ou une personne qui peut configurer le bot, peut choisir un nouvel horaire.',
  'publish.when.gone': 'Cette demande de publication n’existe plus.',
  'publish.when.moved': 'Déplacée : elle sera publiée le {when}.',
  'publish.scheduled.state_scheduled': 'approuvée, en attente de son heure',
  'publish.scheduled.state_overdue': 'son heure est passée : Publier maintenant, Nouvel horaire ou Annuler',
  'publish.scheduled.state_publishing': 'publication en cours',
  'publish.scheduled.state_failed': 'non publiée',
  'publish.scheduled.state_failed_because': 'non publiée : {error}',
  'publish.scheduled.state_unknown':
    '❓ résultat inconnu, elle a peut-être été publiée, peut-être pas : vérifiez le compte, puis Marquer comme publiée ou Réessayer',
  'publish.scheduled.published_at': 'publiée le {when}',
  'publish.scheduled.when_approved': 'maintenant, dès qu’elle est approuvée',
  'publish.scheduled.right_away': 'immédiatement',
  'publish.scheduled.approved_by': ' · approuvée par {who}',
  'publish.scheduled.approved_by_nobody': ' · approuvée par personne pour l’instant',
  'publish.scheduled.version': ' · {state, select, published {version publiée :} other {version}} {n}',
  'publish.scheduled.version_approved':
    ' · {state, select, published {version publiée :} other {version}} {n} (approbations données sur la version {n})',
  'publish.scheduled.line':
    '`{id}` **{what}** → {accounts} · {when}{state}{version} · demandée par {requester}{approved}',
  'publish.scheduled.head':
    '**Pas encore publiées : en attente d’approbation, de leur heure ou d’une décision** ({count})',
  'publish.scheduled.head_more':
    '**Pas encore publiées : en attente d’approbation, de leur heure ou d’une décision** ({count}) — les {shown} premières ci-dessous',
  'publish.scheduled.nothing_waiting': 'Rien en attente.',
  'publish.scheduled.last_published': 'Dernières publiées',
  'publish.scheduled.nothing_published': 'Rien n’a encore été publié.',
  'publish.policy.bad_approvals': 'approvals doit être un nombre entier de 0 à 20.',
  'publish.policy.bad_self_approve': 'self_approve doit valoir yes ou no.',
  'publish.policy.bad_expiry': 'approval_expiry doit ressembler à 72h ou 3d.',
  'publish.policy.bad_timezone':
    'timezone doit être un fuseau IANA comme Europe/Paris ou America/New_York, pas « {zone} ».',
  'publish.policy.bad_remind':
    'remind doit être une attente d’au moins 1 minute comme 30m, 4h ou 1d, ou off — pas « {value} ».',
  'publish.policy.bad_outside_review': 'outside_review doit valoir required ou optional, pas « {value} ».',
};
