// Publishing's approvals and outside review on the chat side in French (vous, as publishing’s other French words).
import type { Translation } from '../../i18n/messages.ts';
import type { APPROVALS_EN } from './messages.ts';

export const APPROVALS_FR: Translation<typeof APPROVALS_EN> = {
  'decide.unknown': 'Cette demande de publication n’existe plus.',
  'decide.expired':
    'Cette demande a expiré : le délai de ses approbations est écoulé. La personne qui l’a faite peut utiliser Modifier pour la redemander.',
  'decide.self':
    'Vous ne pouvez pas approuver votre propre demande dans ce salon (self_approve=no). Peuvent approuver : {approvers}.',
  'decide.anyoneElse': 'toute autre personne du salon',
  'decide.notApprover': 'Vous ne faites pas partie des approbateurs de ce salon. Peuvent approuver : {approvers}.',
  'decide.editedMember':
    'Cette demande a été modifiée après l’affichage de la liste où vous avez cliqué, donc rien n’a été approuvé : ouvrez sa carte pour voir ce qu’elle dit maintenant, et approuvez-la là.',
  'decide.alreadyApproved': 'Vous avez déjà approuvé cette demande ; votre approbation compte une fois.',
  'decide.ownRequest': 'Utilisez Modifier pour changer votre propre demande.',
  'decide.alreadyAsked': 'Vous avez déjà demandé cette modification ; la carte l’affiche.',
  'decide.notYoursVersion':
    'Seule la personne qui l’a demandée, ou quelqu’un qui peut configurer le bot, peut créer une nouvelle version de cette demande.',
  'decide.publishedVersion':
    'Cette demande a déjà été publiée : lancez-en une nouvelle avec /publish pour publier une autre vidéo.',
  'decide.making':
    'La version {n} est en cours de création ({how}) : elle deviendra la vidéo de la demande quand sa tâche sera terminée, ou la carte indiquera qu’elle a échoué. Attendez-la, puis créez-en une autre.',
  'decide.tooManyVersions':
    'Cette demande a {max} versions, le maximum pour une demande. Annulez-la et redemandez avec /publish <lien de la vidéo> pour continuer.',
  // A job's version that could not land, said in its request's thread.
  'decide.noLongerMaking': 'Cette version n’est plus en préparation.',
  'decide.versionsAtMost': 'Une demande a au plus {max} versions.',
  'approvals.groupsUnchecked':
    'Je n’ai pas pu vérifier si vous faites partie de {groups} (la plateforme n’a pas répondu), donc rien n’a été approuvé. Réessayez dans une minute ; si cela échoue encore, demandez à la personne qui a installé le bot de vérifier ses autorisations (Slack : le scope usergroups:read).',
  'approvals.quorumImpossible':
    'Aucun approbateur ne peut agir sur cette demande : ce salon exige {needed, plural, one {# approbation} other {# approbations}}, mais seuls {able} de ses approbateurs pourraient en donner une{self, select, no {} other { (vous ne pouvez pas approuver votre propre demande)}}{named, select, no {} other {, en comptant tous les membres de {groups}}}. Demandez à quelqu’un qui peut configurer le bot de modifier /setup approvals ou approvers.',
  'approvals.noSuchGroup':
    'Aucun groupe d’utilisateurs ne s’appelle {handle}, et une personne doit être choisie dans le menu @ (pour que je sache de qui il s’agit), pas tapée : relancez /setup approvers= et choisissez chaque approbateur dans la liste qui s’affiche après avoir tapé @. La règle n’a pas été enregistrée.',
  'approvals.groupUnchecked':
    'Je n’ai pas pu vérifier si {handle} est un groupe d’utilisateurs (la plateforme n’a pas répondu), donc la règle n’a pas été enregistrée. Réessayez dans une minute, ou choisissez le groupe dans le menu @ ; si cela échoue encore, demandez à la personne qui a installé le bot de vérifier ses autorisations (Slack : le scope usergroups:read).',
  'approvals.approved': 'Approuvé.',
  'approvals.askedForChanges':
    'Modifications demandées : la carte affiche votre motif jusqu’à ce que la personne qui a fait la demande y réponde par une nouvelle version ou une modification.',
  'approvals.asksForChangesLine': '✏️ {member} demande des modifications à {requester} :',
  'approvals.openTheCard': 'ouvrir la carte',
  'approvals.onItsCard': 'sur sa carte dans le salon',
  'approvals.openCard': 'Ouvrir la carte',
  'approvals.approveTitled': 'Approuver « {title} »',
  'approvals.quotedName': '« {name} »',
  'approvals.lookAgainLine':
    '• **{title}** : le lien que vous avez envoyé à {names} affiche maintenant la version {n} · {where}',
  'approvals.lookAgainTitle': 'Vos relecteurs externes peuvent y jeter un nouvel œil',
  'approvals.lookAgainFooter': 'Le bot ne peut pas leur écrire : renvoyez-leur leur lien (c’est le même lien).',
  'approvals.requestedBy': 'Demandée par {requester} · {where}',
  'approvals.waitingSince': 'En attente depuis {since} · expire le {expires}',
  'approvals.state.pending': 'en attente d’approbation : {approval}',
  'approvals.state.scheduledAt': 'approuvée, publication prévue le {when}',
  'approvals.state.scheduledSoon': 'approuvée, publication imminente',
  'approvals.state.overdue':
    'son heure est passée pendant que le bot était arrêté : Publier maintenant ou Annuler sur sa carte',
  'approvals.state.publishing': 'publication en cours',
  'approvals.state.failed': 'non publiée : Réessayer ou Annuler sur sa carte',
  'approvals.state.unknown': 'résultat inconnu : vérifiez le compte, puis décidez sur sa carte',
  'approvals.mineLine': '• **{title}** — {state} · {where}',
  'approvals.mineMore': '…et {count} de plus (voir /scheduled dans chaque salon)',
  'approvals.mineTitle': 'Vos demandes en cours ({count})',
  'approvals.mineNone': 'Vous n’avez aucune demande de publication en attente.',
  'approvals.nothingToApprove':
    'Rien n’attend votre approbation dans les salons que vous voyez. Quand quelqu’un fait une demande avec /publish là où vous pouvez approuver, elle apparaît ici et sur sa carte dans le salon.',
  'approvals.unchecked':
    'La plateforme n’a pas indiqué quels salons vous voyez, donc seul celui d’où vous avez demandé est listé ; réessayez dans une minute.',
  'approvals.waitingHead': '**En attente de votre approbation** ({count})',
  'approvals.waitingHeadOldest':
    '**En attente de votre approbation** ({count}) — les {shown} plus anciennes ci-dessous',
  'approvals.home.unchecked':
    'Slack n’a pas indiqué quels salons vous voyez, donc aucun n’est listé ; rouvrez l’accueil dans une minute. Si cela se reproduit, demandez à la personne qui a installé le bot de coller le manifeste actuel et de le réinstaller (scopes channels:read, groups:read).',
  'approvals.home.upcomingLine': '• {when} — **{title}** → {accounts} · {state}',
  'approvals.home.ifApproved': 'si approuvée à temps',
  'approvals.home.approved': 'approuvée',
  'approvals.home.card': 'carte',
  'approvals.home.upcomingTitle': 'Prévu dans les 7 prochains jours ({count})',
  'approvals.home.upcomingNone': 'Rien n’est prévu dans les salons que vous voyez.',
  'invite.title': 'Inviter un relecteur',
  'invite.name': 'Nom du relecteur',
  'invite.namePlaceholder': 'Visible par l’équipe, p. ex. Ana (Acme)',
  'invite.language': 'Langue du relecteur (facultatif)',
  'invite.nameEmpty': 'Donnez au relecteur un nom que l’équipe reconnaîtra, p. ex. « Ana (Acme) ».',
  'invite.nameTooLong': 'Le nom du relecteur ne doit pas dépasser {max} caractères.',
  'invite.badLanguage': 'La langue du relecteur est l’une de {languages}, ou vide pour celle de son navigateur.',
  'invite.answer':
    'Lien de relecture pour « {name} » — envoyez-le-lui vous-même ; il est personnel, et vous seul le voyez :\n{url}\nIl prend fin quand la demande est publiée, annulée ou expire, ou quand quelqu’un utilise Révoquer les liens de relecture.',
  'invite.opensIn': 'Langue de la page : {language} ; elle peut y être changée.',
  'invite.opensInBrowser': 'La page s’ouvre dans la langue de son navigateur ; elle peut y être changée.',
  'invite.localOnly':
    '⚠️ PUBLIC_URL n’est pas défini, donc c’est l’adresse propre du serveur : elle n’est joignable qu’en local, depuis cette machine.',
  'invite.notYours':
    'Seule la personne qui l’a demandée, ou quelqu’un qui peut configurer le bot, peut gérer les liens de relecture.',
  'invite.expired':
    'Cette demande a expiré : le délai de ses approbations est écoulé. Modifiez-la pour la redemander, puis invitez.',
  'invite.tooManyLinks': 'Une demande peut avoir au plus {max} liens de relecture ; révoquez-les pour recommencer.',
  'invite.createdLine':
    '🔗 {inviter} a créé un lien de relecture pour « {name} », relecteur externe{replaced, select, yes { (son ancien lien n’ouvre plus rien)} other {}}.',
  'invite.approvedLine':
    '✅ Approuvé par {name}{counted, select, yes { · {given} sur {of}} other {}}{notCounted, select, yes { — non compté dans {needed, plural, one {l’approbation requise} other {les # approbations requises}} : {inviter} ne peut pas approuver cette demande} other {}}',
  'invite.changesLine': '✏️ Modifications demandées par {name}{at, select, yes { à {position}} other {}} :',
  'invite.noLinks': 'Cette demande n’a aucun lien de relecture à révoquer.',
  'invite.alreadyRevoked': 'Ce lien de relecture est déjà révoqué (ou n’a jamais été créé).',
  'invite.revokedLine':
    '🔒 {revoker} a révoqué {count, plural, one {le lien de relecture de {names} : il n’ouvre} other {les liens de relecture de {names} : ils n’ouvrent}} plus rien{consequence, select, waits {, et leurs approbations ne comptent plus : rien ne sera publié tant que la demande n’aura pas retrouvé ses approbations, elle les attend donc} publishing { ; ce qu’ils ont approuvé reste valable, car la demande était déjà en cours de publication} sent { ; ce qu’ils ont approuvé reste valable, car la demande était déjà envoyée} voided {, et leurs approbations ne comptent plus} other {}}.',
  'invite.revoked': '{count, plural, one {# lien de relecture révoqué} other {# liens de relecture révoqués}}.',
  'invite.revokedWaits':
    '{count, plural, one {# lien de relecture révoqué} other {# liens de relecture révoqués}}. La publication n’est plus programmée : elle attend de nouveau des approbations.',
};
