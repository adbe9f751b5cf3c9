/** Spanish of api/session-summary/messages.ts. */
export const esSessionSummary: Record<string, string> = {
  'sessions.summary.rangeOrder': 'El último día no puede ser anterior al primero.',
  'sessions.summary.rangeTooLong': 'Pida como máximo {max, number} meses a la vez.',
};
