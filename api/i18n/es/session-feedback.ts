/** Spanish of session completion and post-session feedback (domain/session/completion.ts, decision 0074). */
export const esSessionFeedback: Record<string, string> = {
  'session.feedback.notEnded': 'Puede dar su opinión cuando la sesión haya terminado.',
  'session.feedback.notAttended': 'Solo las personas que asistieron a esta sesión pueden dar su opinión sobre ella.',
  'session.feedback.others': 'Solo puede dar su propia opinión.',
  'session.feedback.invalidRating': 'Elija una calificación del 1 al 5.',
  'session.feedback.commentTooLong': 'El comentario puede tener como máximo 2000 caracteres.',
  'session.feedback.invalidPage': 'Elija una página del 1 al 1000.',
};
