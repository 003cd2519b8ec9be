export const PUBLISH_ES: Readonly<Record<string, string>> = {
  'command.publish': 'Pedir al equipo que apruebe un vídeo y después publicarlo en cuentas sociales',
  'command.publish.url': 'Enlace al vídeo (http o https)',
  'command.publish.accounts': 'Nombres de cuentas, separados por comas (consulta /setup socials)',
  'command.publish.title': 'Título de la publicación',
  'command.publish.description': 'Descripción de la publicación (texto)',
  'command.publish.privacy': 'public (por defecto), private o unlisted',
  'command.publish.schedule': 'now (por defecto) o una hora: tomorrow 6pm, in 2 hours, 2026-12-01 18:00',
  'command.scheduled': 'Solicitudes de publicación que esperan aprobación o su hora, y las últimas publicadas',
  'command.approvals': 'Solicitudes de publicación que esperan tu aprobación en tus canales, y las tuyas',
  'command.setup.change': 'Con socials: add o remove',
  'command.setup.name': 'Con socials: el nombre de la cuenta',
  'command.setup.platform': 'Con socials add: la plataforma de la cuenta',
  'command.setup.approvals':
    'Miembros que deben aprobar (0 = ninguno; 1 por defecto); un enlace de revisión vale por su remitente',
  'command.setup.self_approve': '¿Se pueden aprobar las propias solicitudes? (por defecto, no)',
  'command.setup.approval_expiry': 'Cuánto duran las aprobaciones: 72h, 3d (por defecto 72h)',
  'command.setup.approvers': 'anyone (por defecto), o miembros / roles que pueden aprobar',
  'command.setup.timezone': 'Zona horaria IANA para las programaciones, p. ej. Europe/Madrid (por defecto UTC)',
  'command.setup.remind': 'Recordar a quienes aprueban si una solicitud espera: 30m, 4h, 1d (por defecto 1d) u off',
  'command.setup.outside_review':
    'required: exigir también que apruebe un revisor externo (cualquier enlace); optional (por defecto)',
  'setup.action.socials': 'socials (cuentas sociales)',
};
