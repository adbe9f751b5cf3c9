/** Spanish of the session mutations' own checks (api/sessions/mutation-messages.ts). */
export const esSessionMutations: Record<string, string> = {
  'sessions.mutation.joinTooEarly': 'Puede unirse a esta sesión desde {minutes, number} minutos antes de que empiece.',
  'sessions.mutation.joinOnlyToday': 'Solo puede unirse a las sesiones de hoy.',
  'sessions.mutation.joinEnded': 'Esta sesión ya ha terminado.',
  'sessions.mutation.joinNotOnline': 'Esta sesión es presencial: no hay una clase en línea a la que unirse.',
  'sessions.mutation.joinOthers': 'Solo puede registrar su propia conexión o la de su hijo o hija.',
};
