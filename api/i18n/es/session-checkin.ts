/** Spanish of a leader's check-in and check-out (domain/session/checkin-rules.ts). */
export const esSessionCheckIn: Record<string, string> = {
  'session.checkIn.notAllowed': 'Este programa no usa el registro de entrada de los tutores.',
  'session.checkIn.notLeader': 'Solo los tutores de una sesión registran su entrada y su salida.',
  'session.checkIn.others': 'Solo puede registrar su propia entrada y salida.',
  'session.checkIn.timeAdminsOnly': 'Solo los administradores pueden registrar una entrada o una salida a otra hora.',
  'session.checkIn.futureTime': 'Una hora corregida no puede estar en el futuro.',
  'session.checkIn.tooEarly': 'Puede registrar su entrada desde {minutes, number} minutos antes de que empiece la sesión.',
  'session.checkIn.tooLate': 'El registro de entrada y salida se cierra {hours, number} horas después de que termine la sesión.',
  'session.checkIn.onlyToday': 'Solo puede registrar su entrada en las sesiones de hoy.',
  'session.checkIn.pending': 'Esta sesión está pendiente de aprobación.',
  'session.checkIn.notCheckedIn': 'Registre su entrada antes de registrar su salida.',
  'session.checkIn.outBeforeIn': 'La salida no puede ser anterior a la entrada.',
  'session.checkIn.inAfterOut': 'La entrada no puede ser posterior a la salida.',
};
