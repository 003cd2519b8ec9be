// Publishing's approvals and outside review on the chat side in Spanish (tú, as the team writes to each other).
import type { Translation } from '../../i18n/messages.ts';
import type { APPROVALS_EN } from './messages.ts';

export const APPROVALS_ES: Translation<typeof APPROVALS_EN> = {
  'decide.unknown': 'Esa solicitud de publicación ya no existe.',
  'decide.expired':
    'Esta solicitud caducó: se acabó el plazo de sus aprobaciones. Quien la pidió puede usar Editar para volver a pedirla.',
  'decide.self': 'En este canal no puedes aprobar tu propia solicitud (self_approve=no). Pueden aprobar: {approvers}.',
  'decide.anyoneElse': 'cualquier otra persona del canal',
  'decide.notApprover': 'No estás entre quienes aprueban en este canal. Pueden aprobar: {approvers}.',
  'decide.editedMember':
    'Esta solicitud se editó después de que se mostrara la lista en la que hiciste clic, así que no se aprobó nada: abre su tarjeta para ver lo que dice ahora y apruébala allí.',
  'decide.alreadyApproved': 'Ya aprobaste esta solicitud; tu aprobación cuenta una sola vez.',
  'decide.ownRequest': 'Usa Editar para cambiar tu propia solicitud.',
  'decide.alreadyAsked': 'Ya pediste este cambio; la tarjeta lo muestra.',
  'decide.notYoursVersion':
    'Solo quien la pidió, o alguien que puede configurar el bot, puede crear una nueva versión de esta solicitud.',
  'decide.publishedVersion': 'Esta solicitud ya se publicó: crea una nueva con /publish para publicar otro vídeo.',
  'decide.making':
    'La versión {n} se está creando ({how}): será el vídeo de la solicitud cuando termine su trabajo, o la tarjeta dirá que falló. Espera a que termine y luego crea otra.',
  'decide.tooManyVersions':
    'Esta solicitud tiene {max} versiones, el máximo por solicitud. Cancélala y vuelve a pedirla con /publish <enlace del vídeo> para continuar.',
  // A job's version that could not land, said in its request's thread.
  'decide.noLongerMaking': 'Esa versión ya no se está preparando.',
  'decide.versionsAtMost': 'Una solicitud tiene como máximo {max} versiones.',
  'approvals.groupsUnchecked':
    'No pude comprobar si estás en {groups} (la plataforma no respondió), así que no se aprobó nada. Vuelve a intentarlo en un minuto; si sigue fallando, pide a quien instaló el bot que revise sus permisos (Slack: el permiso usergroups:read).',
  'approvals.quorumImpossible':
    'Nadie puede aprobar esta solicitud: este canal necesita {needed, plural, one {# aprobación} other {# aprobaciones}}, pero solo {able} de sus aprobadores podrían darla{self, select, no {} other { (no puedes aprobar tu propia solicitud)}}{named, select, no {} other {, contando a todos los miembros de {groups}}}. Pide a alguien que pueda configurar el bot que cambie /setup approvals o approvers.',
  'approvals.noSuchGroup':
    'No hay ningún grupo de usuarios llamado {handle}, y a las personas hay que elegirlas en el menú @ (así sé quiénes son), no escribirlas: ejecuta /setup approvers= de nuevo y elige a cada aprobador de la lista que aparece al escribir @. La política no se guardó.',
  'approvals.groupUnchecked':
    'No pude comprobar si {handle} es un grupo de usuarios (la plataforma no respondió), así que la política no se guardó. Vuelve a intentarlo en un minuto o elige el grupo en el menú @; si sigue fallando, pide a quien instaló el bot que revise sus permisos (Slack: el permiso usergroups:read).',
  'approvals.approved': 'Aprobado.',
  'approvals.askedForChanges':
    'Cambios solicitados: la tarjeta muestra tu motivo hasta que quien la pidió responda con una nueva versión o una edición.',
  'approvals.asksForChangesLine': '✏️ {member} pide cambios a {requester}:',
  'approvals.openTheCard': 'abrir la tarjeta',
  'approvals.onItsCard': 'en su tarjeta del canal',
  'approvals.openCard': 'Abrir tarjeta',
  'approvals.approveTitled': 'Aprobar «{title}»',
  'approvals.quotedName': '«{name}»',
  'approvals.lookAgainLine': '• **{title}**: el enlace que enviaste a {names} muestra ahora la versión {n} · {where}',
  'approvals.lookAgainTitle': 'Tus revisores externos pueden volver a revisar',
  'approvals.lookAgainFooter': 'El bot no puede escribirles: vuelve a enviarles su enlace (es el mismo enlace).',
  'approvals.requestedBy': 'Solicitado por {requester} · {where}',
  'approvals.waitingSince': 'Esperando desde {since} · caduca el {expires}',
  'approvals.state.pending': 'esperando aprobación: {approval}',
  'approvals.state.scheduledAt': 'aprobada, se publicará el {when}',
  'approvals.state.scheduledSoon': 'aprobada, se publicará en breve',
  'approvals.state.overdue': 'su hora pasó mientras el bot estaba detenido: Publicar ahora o Cancelar en su tarjeta',
  'approvals.state.publishing': 'publicándose ahora',
  'approvals.state.failed': 'no publicada: Reintentar o Cancelar en su tarjeta',
  'approvals.state.unknown': 'resultado desconocido: revisa la cuenta y luego decide en su tarjeta',
  'approvals.mineLine': '• **{title}** — {state} · {where}',
  'approvals.mineMore': '…y {count} más (consulta /scheduled en cada canal)',
  'approvals.mineTitle': 'Tus solicitudes abiertas ({count})',
  'approvals.mineNone': 'No tienes ninguna solicitud de publicación en espera.',
  'approvals.nothingToApprove':
    'No hay nada esperando tu aprobación en los canales que puedes ver. Cuando alguien pida con /publish donde puedes aprobar, aparecerá aquí y en su tarjeta del canal.',
  'approvals.unchecked':
    'La plataforma no indicó qué canales puedes ver, así que solo aparece aquel desde el que preguntaste; vuelve a intentarlo en un minuto.',
  'approvals.waitingHead': '**Esperando tu aprobación** ({count})',
  'approvals.waitingHeadOldest': '**Esperando tu aprobación** ({count}) — las {shown} más antiguas, abajo',
  'approvals.home.unchecked':
    'Slack no indicó qué canales puedes ver, así que no aparece ninguno; vuelve a abrir Inicio en un minuto. Si sigue pasando, pide a quien instaló el bot que pegue el manifiesto actual y lo reinstale (permisos channels:read, groups:read).',
  'approvals.home.upcomingLine': '• {when} — **{title}** → {accounts} · {state}',
  'approvals.home.ifApproved': 'si se aprueba a tiempo',
  'approvals.home.approved': 'aprobada',
  'approvals.home.card': 'tarjeta',
  'approvals.home.upcomingTitle': 'Programado para los próximos 7 días ({count})',
  'approvals.home.upcomingNone': 'No hay nada programado en los canales que puedes ver.',
  'invite.title': 'Invitar a un revisor',
  'invite.name': 'Nombre del revisor',
  'invite.namePlaceholder': 'Lo verá el equipo, p. ej. Ana (Acme)',
  'invite.language': 'Idioma del revisor (opcional)',
  'invite.nameEmpty': 'Ponle al revisor un nombre que el equipo reconozca, p. ej. «Ana (Acme)».',
  'invite.nameTooLong': 'El nombre del revisor debe tener como máximo {max} caracteres.',
  'invite.badLanguage': 'El idioma del revisor es uno de {languages}, o vacío para usar el de su navegador.',
  'invite.answer':
    'Enlace de revisión para «{name}»: envíaselo tú; es personal y solo tú lo ves:\n{url}\nDeja de funcionar cuando la solicitud se publica, se cancela o caduca, o cuando alguien usa Revocar enlaces de revisores.',
  'invite.opensIn': 'Idioma de la página: {language}; se puede cambiar en ella.',
  'invite.opensInBrowser': 'La página se abre en el idioma de su navegador; se puede cambiar en ella.',
  'invite.localOnly':
    '⚠️ PUBLIC_URL no está configurada, así que esta es la dirección propia del servidor: solo es accesible localmente, desde esta máquina.',
  'invite.notYours':
    'Solo quien la pidió, o alguien que puede configurar el bot, puede gestionar los enlaces de revisión.',
  'invite.expired':
    'Esta solicitud caducó: se acabó el plazo de sus aprobaciones. Edítala para volver a pedirla y luego invita.',
  'invite.tooManyLinks':
    'Una solicitud puede tener como máximo {max} enlaces de revisión; revócalos para empezar de nuevo.',
  'invite.createdLine':
    '🔗 {inviter} creó un enlace de revisión para «{name}», revisor externo{replaced, select, yes { (su enlace anterior ya no abre nada)} other {}}.',
  'invite.approvedLine':
    '✅ Aprobado por {name}{counted, select, yes { · {given} de {of}} other {}}{notCounted, select, yes { — no cuenta para {needed, plural, one {la # aprobación necesaria} other {las # aprobaciones necesarias}}: {inviter} no puede aprobar esta solicitud} other {}}',
  'invite.changesLine': '✏️ Cambios solicitados por {name}{at, select, yes { en {position}} other {}}:',
  'invite.noLinks': 'Esta solicitud no tiene enlaces de revisión que revocar.',
  'invite.alreadyRevoked': 'Ese enlace de revisión ya está revocado (o nunca se creó).',
  'invite.revokedLine':
    '🔒 {revoker} revocó {count, plural, one {el enlace de revisión de {names}: ya no abre} other {los enlaces de revisión de {names}: ya no abren}} nada{consequence, select, waits {, y sus aprobaciones ya no cuentan: no se publicará nada hasta que la solicitud vuelva a tener sus aprobaciones, así que queda a la espera} publishing {; lo que aprobaron se mantiene, porque la solicitud ya se estaba publicando} sent {; lo que aprobaron se mantiene, porque la solicitud ya se había enviado} voided {, y sus aprobaciones ya no cuentan} other {}}.',
  'invite.revoked': '{count, plural, one {# enlace de revisión revocado} other {# enlaces de revisión revocados}}.',
  'invite.revokedWaits':
    '{count, plural, one {# enlace de revisión revocado} other {# enlaces de revisión revocados}}. La publicación ya no está programada: vuelve a esperar aprobaciones.',
};
