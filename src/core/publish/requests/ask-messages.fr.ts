// Publishing's words for the person who asks, in French (vous, as the rest of the bot's French).
import type { Translation } from '../../i18n/messages.ts';
import type { PUBLISH_ASK_EN } from './ask-messages.ts';

export const PUBLISH_ASK_FR: Translation<typeof PUBLISH_ASK_EN> = {
  'publish.form.title': 'Publier sur les comptes sociaux',
  'publish.form.label.title': 'Titre',
  'publish.form.label.description': 'Description',
  'publish.form.label.accounts': 'Comptes',
  'publish.form.label.privacy': 'Confidentialité',
  'publish.form.label.schedule': 'Programmation',
  'publish.form.accountsNone': 'Aucun compte pour l’instant : /setup socials add',
  'publish.form.privacyHint': 'public, private ou unlisted',
  'publish.form.scheduleHint': 'now, tomorrow 6pm, in 2 hours, 2026-12-01 18:00',
  'publish.form.elsewhereEdit': 'annulez cette demande et redemandez avec /publish <lien de la vidéo> {option}="…"',
  'publish.form.elsewhereNew': 'utilisez /publish <lien de la vidéo> {option}="…" au lieu de ce formulaire',
  'publish.form.noAccounts':
    'Ce salon n’a encore aucun compte social : il n’y a donc nulle part où publier. Une personne autorisée à configurer le bot en ajoute un avec `/setup socials add <name> platform=<tiktok|instagram|youtube|x|linkedin|facebook|other>`.',
  'publish.form.chooseAccount': 'Choisissez au moins un compte : {accounts}.',
  'publish.form.unknownAccount': 'Il n’y a pas de compte « {name} » dans ce salon. Comptes disponibles : {accounts}.',
  'publish.form.badPrivacy': 'La confidentialité doit être public, private ou unlisted, pas « {privacy} ».',
  'publish.form.tooLong': 'Trop long : {problem}. Raccourcissez-le et envoyez à nouveau.',
  'publish.form.scheduledFor': 'Programmé pour {when}.',
  'publish.form.newTime.title': 'Choisir une autre heure',
  'publish.form.newTime.label': 'Nouvelle heure',
  'publish.form.newTime.hint': 'tomorrow 6pm, in 2 hours, 2026-12-01 18:00',
  'publish.form.newTime.notAhead':
    'Indiquez une heure à venir, comme `tomorrow 6pm` ou `in 2 hours` ; pour publier tout de suite, utilisez « Publier maintenant ».',
  'publish.caption.tooLong':
    '{field, select, title {le titre} other {la description}} fait {n}/{max} caractères pour {platform}',
  'publish.ask.changes.title': 'Demander des changements',
  'publish.ask.changes.label': 'Que faut-il changer ?',
  'publish.ask.sayWhat': 'Dites ce qu’il faut changer.',
  'publish.ask.resultGone': 'Ce résultat n’est plus disponible ; utilisez `/publish <video link>`.',
  'publish.ask.formGone': 'Ce formulaire a expiré. Cliquez à nouveau sur « Publier… ».',
  'publish.ask.onlyRequesterEdits': 'Seule la personne qui a fait la demande peut la modifier.',
  'publish.ask.askedAgain': 'Demande renouvelée : les approbations repartent de zéro.',
  'publish.ask.savedVoided': 'Enregistré : la modification a annulé les approbations précédentes.',
  'publish.ask.saved': 'Enregistré.',
  'publish.ask.onlyRequesterCancels':
    'Seule la personne qui a fait la demande, ou une personne autorisée à configurer le bot, peut l’annuler.',
  'publish.ask.cancelled': 'Annulée.',
  'publish.ask.postingNow': 'Publication en cours.',
  'publish.ask.postNowRefused':
    'Seule la personne qui a fait la demande ou une personne autorisée à configurer le bot peut publier ceci, et une seule fois.',
  'publish.ask.markRefused':
    'Seules les personnes autorisées à configurer le bot peuvent marquer une demande comme publiée.',
  'publish.ask.marked': 'Marquée comme publiée.',
  'publish.ask.retryRefused':
    'Impossible de réessayer maintenant (quelqu’un d’autre l’a fait, ou après un résultat inconnu seules les personnes autorisées à configurer le bot le peuvent).',
  'publish.ask.retried': 'Nouvel essai lancé.',
  'publish.ask.line.edited': '✏️ La demande a été modifiée : les approbations données jusqu’ici ne comptent plus.',
  'publish.ask.line.cancelled': '🚫 Annulée par {who} ; rien ne sera publié.',
  'publish.ask.line.expired':
    '⌛ {who}, les approbations de cette demande ont expiré après {hours} h : rien ne sera publié. Modifiez-la pour redemander (les approbations repartent de zéro), ou annulez-la.',
  'publish.ask.markedByHand': 'Marquée à la main comme publiée (la réponse de l’API n’a jamais été reçue).',
  'publish.version.sub': 'Sous-titres…',
  'publish.version.broll': 'B-roll…',
  'publish.version.cut': 'Nouveau montage…',
  'publish.version.link': 'Un lien vidéo…',
  'publish.version.pickPlaceholder': 'Une vidéo terminée de ce fil',
  'publish.version.menu':
    '🎞️ {who} prépare la version {n} de cette demande. Comment ? (La personne qui a fait la demande, ou une personne autorisée à configurer le bot, choisit.)',
  'publish.version.chooseInThread': 'Choisissez dans le fil de la demande comment faire la version {n}.',
  'publish.version.pick':
    '{kind, select, clip {Reel {n}} subtitles {Vidéo sous-titrée} broll {Vidéo avec B-roll} other {Vidéo}} du job {job}',
  'publish.version.pickTitled':
    '{kind, select, clip {Reel {n}} subtitles {Vidéo sous-titrée} broll {Vidéo avec B-roll} other {Vidéo}} du job {job} — {title}',
  'publish.version.line': '🎞️ Version {n} par {who} ({how}) : {parts}. Les approbations repartent de zéro.',
  'publish.version.lineAgain':
    '🎞️ Version {n} par {who} ({how}) : {parts}. Les approbations repartent de zéro. {others} : merci de regarder à nouveau.',
  'publish.version.answers': 'répond à {asks}',
  'publish.version.answersNone': 'ne répond à aucune demande de modification',
  'publish.version.stillOpen': 'encore ouvertes : {asks}',
  'publish.version.made': 'La version {n} est désormais la vidéo de la demande ; ses approbations repartent de zéro.',
  'publish.version.madeLook':
    'La version {n} est désormais la vidéo de la demande ; ses approbations repartent de zéro. {reviewers} peuvent regarder à nouveau : le lien que vous avez envoyé affiche maintenant la version {n}.',
  'publish.version.late': '🎞️ La vidéo de la version {n} est prête, mais la demande ne l’a pas prise : {why}',
  'publish.version.changedMeanwhile': 'elle a changé entre-temps',
  'publish.version.expired': 'L’API média ne l’a pas terminée à temps.',
  'publish.version.noVideo': 'Le job n’a produit aucune vidéo.',
  'publish.version.failed':
    '⚠️ {who}, la version {n} n’a pas pu être faite ({how}) : la version {still} reste la vidéo de la demande et ses approbations comptent toujours.',
  'publish.version.brollAgain': 'remonté avec du B-roll',
  'publish.version.jobSummary': 'version {n} de la demande de publication {id} : {how}',
  'publish.version.title':
    '{how, select, sub {Version {n} : sous-titres} broll {Version {n} : B-roll} cut {Version {n} : remontage} link {Version {n} : lien vidéo} other {Version {n} : vidéo du fil}}',
  'publish.version.label.template': 'Modèle',
  'publish.version.label.position': 'Position',
  'publish.version.label.size': 'Taille',
  'publish.version.label.brollType': 'Type de B-roll',
  'publish.version.label.brollFrequency': 'Fréquence du B-roll',
  'publish.version.label.prompt': 'Prompt (ce que doit faire le nouveau montage)',
  'publish.version.label.keywords': 'Mots-clés (séparés par des virgules)',
  'publish.version.label.duration': 'Durée en secondes (min-max)',
  'publish.version.label.switches': 'Options',
  'publish.version.label.url': 'Lien de la vidéo',
  'publish.version.label.note': 'Note (facultative, envoyée nulle part)',
  'publish.version.label.answers': 'Répond à (décochez ce qu’elle ne traite pas)',
  'publish.version.answerChoice': '{name}{at} (version {n}) : {reason}',
  'publish.version.switch':
    '{name, select, hook {accroche} remove_fillers {retirer les mots de remplissage} remove_silences {retirer les silences} music {musique} other {B-roll}}',
  'publish.version.notOneOf': '{label} « {value} » ne fait pas partie de : {allowed}.',
  'publish.version.noSource': 'Cette version n’est pas un reel d’un clip : il n’y a pas de vidéo source à remonter.',
  'publish.version.unknownSwitch': 'Option inconnue « {name} » : choisissez parmi {switches}.',
  'publish.version.badLink': 'Indiquez un lien vers la vidéo qui commence par https:// (ou http://).',
  'publish.version.pickGone':
    'Cette vidéo n’est plus proposée pour cette demande. Cliquez à nouveau sur « Nouvelle version… ».',
  'publish.version.formGone': 'Ce formulaire a expiré. Cliquez à nouveau sur « Nouvelle version… ».',
  'publish.setup.section': 'Publication',
  'publish.setup.policyField': 'Règles d’approbation',
  'publish.setup.ruleField': 'Comment les approbations comptent',
  'publish.setup.accountsField': 'Comptes sociaux',
  'publish.setup.footer':
    'Modifier : /setup approvals=2 remind=4h timezone=Europe/Paris · /setup socials add <name> platform=x',
  'publish.setup.rule':
    'Chaque approbation vaut pour un membre de l’équipe : celle d’un membre pour ce membre, celle d’un relecteur externe pour le membre qui l’a invité (s’il peut approuver). Le nombre compte des membres distincts ; avec self_approve=no, la personne qui demande ne compte jamais. outside_review=required exige aussi une approbation externe, depuis le lien de n’importe qui.',
  'publish.setup.noAccounts':
    'Aucun compte social pour l’instant. Ajoutez-en un : `/setup socials add <name> platform=x` (la clé d’accès se saisit dans un formulaire privé).',
  'publish.setup.listTitle': '**Comptes sociaux de ce salon**',
  'publish.setup.policyLine': 'Règles d’approbation : {policy}',
  'publish.setup.savedPolicy': 'Les règles d’approbation ont été enregistrées.',
  'publish.setup.badName':
    'Donnez au compte un nom court (lettres, chiffres, - et _) : `/setup socials add brand_x platform=x`.',
  'publish.setup.removed': 'Le compte {name} a été retiré.',
  'publish.setup.noSuchAccount': 'Il n’y avait pas de compte {name}.',
  'publish.setup.badPlatform': 'platform doit être l’une de ces valeurs : {platforms}.',
  'publish.setup.keyTitle': 'Clé d’accès de {name}',
  'publish.setup.keyLabel': 'Clé d’accès',
  'publish.setup.keyHint': 'La clé d’accès du compte {platform}, depuis le tableau de bord de l’API média',
  'publish.setup.keyEmpty': 'La clé d’accès était vide ; rien n’a changé.',
  'publish.setup.keyOdd':
    'Cela ne ressemble pas à une clé d’accès (elle contient des espaces ou est trop longue) ; rien n’a changé.',
  'publish.setup.keySaved':
    'La clé d’accès de {name} ({platform}) a été enregistrée. Elle est conservée chiffrée et n’est montrée que par son nom.',
};
