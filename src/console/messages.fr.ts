import type { Translation } from '../core/i18n/messages.ts';
import type { CONSOLE_EN } from './messages.ts';

export const CONSOLE_FR: Translation<typeof CONSOLE_EN> = {
  'console.only_you': '(vous seul)',
  'console.press': 'tapez :',
  'console.thumbnail': 'miniature :',
  'console.form_title': '{title} —{keep} {cancel} ferme le formulaire.',
  'console.form_keep': ' Entrée garde la réponse affichée entre [ ].',
  'console.choose_from': 'au choix : {choices}',
  'console.not_shown': 'visible par personne d’autre',
  'console.form_closed': 'Formulaire fermé ; rien n’a été envoyé.',
  'console.fix': 'Corrigez la réponse ci-dessus{keep}, ou tapez {cancel} pour fermer le formulaire.',
  'console.fix_keep': ' et appuyez sur Entrée pour garder les autres',
  'console.slash':
    'Les commandes commencent par une barre oblique, par exemple `/clip https://youtu.be/… reels=2`. Tapez /help pour la liste.',
  'console.as_bad':
    '⚠️ `/as <name>` : un nom fait de lettres et de chiffres, par exemple `/as bea` ; `/as` seul pour redevenir vous-même.',
  'console.as_back': 'Vous êtes de nouveau {who} (vous pouvez configurer le bot).',
  'console.as_member': 'Vous êtes maintenant {who}, un membre qui ne peut pas configurer le bot. `/as` pour revenir.',
  'console.welcome': 'console reelbot — tapez /help pour commencer, quit pour quitter.',
  'console.listening': 'À l’écoute sur {url} (vérification d’état : {healthz}).',
  'console.still_running':
    '{count, plural, one {# tâche est toujours en cours et n’est pas perdue : le prochain démarrage sur ce dossier de données la reprend et affiche les résultats.} other {# tâches sont toujours en cours et ne sont pas perdues : le prochain démarrage sur ce dossier de données les reprend et affiche les résultats.}}',
  'console.stopped_waiting':
    'Attente arrêtée après {seconds} s ; les tâches inachevées restent enregistrées et sont reprises au prochain démarrage.',
  'console.refused': '{count, plural, one {# commande a été refusée} other {# commandes ont été refusées}}',
  'console.failed': '{count, plural, one {# tâche a échoué} other {# tâches ont échoué}}',
  'console.resuming':
    '{count, plural, one {Reprise de # tâche restée en cours sur ce dossier de données : son résultat s’affichera ici dès qu’il sera prêt.} other {Reprise de # tâches restées en cours sur ce dossier de données : leurs résultats s’afficheront ici dès qu’ils seront prêts.}}',
};
