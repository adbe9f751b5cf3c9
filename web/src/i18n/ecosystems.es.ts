/** Spanish of the platform admins' ecosystem list (i18n/ecosystems.en.ts). */
import type { EcosystemsMessageId } from './ecosystems.en';

export const ecosystemsEs: Record<EcosystemsMessageId, string> = {
  'demo.startDateInvalid': 'Introduzca una fecha, por ejemplo 2026-12-01.',
  'demo.create': 'Crear datos de demostración',
  'demo.delete': 'Eliminar datos de demostración',
  'demo.createTitle': 'Crear datos de demostración para {name}',
  'demo.createText': 'Se añaden a este ecosistema tres programas de demostración, marcados como tales. Las sesiones de demostración comenzarán en la fecha que elija.',
  'demo.startDate': 'Fecha de la primera sesión de demostración',
  'demo.deleteTitle': '¿Eliminar los datos de demostración de {name}?',
  'demo.deleteText': 'Se elimina cuanto añadieron los datos de demostración. Los datos introducidos a mano se conservan.',
  'demo.started': 'El trabajo ha comenzado.',
  'demo.job': '{name}: {status}',
  'demo.jobProgress': 'Progreso del trabajo de datos de demostración',
  'demo.status.QUEUED': 'En cola',
  'demo.status.SUBMITTED': 'Enviado',
  'demo.status.PROCESSING': 'En proceso',
  'demo.status.FINISHED': 'Terminado',
  'demo.status.FAILED': 'Fallido',
  'demo.status.CANCELLED': 'Cancelado',
  'demo.finished': 'El trabajo de datos de demostración de {name} terminó.',
  'demo.failed': 'El trabajo de datos de demostración de {name} falló.',
};
