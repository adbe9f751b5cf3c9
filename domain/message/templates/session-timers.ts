/**
 * The session timers' messages (decision 0074): a reminder before a session to its participants
 * (SESSION_REMINDER) and to a learner's parents (CHILD_SESSION_REMINDER), and the request for
 * feedback once a session has ended (FEEDBACK_REQUESTED). Times are written in the recipient's
 * zone and language; the zone's name follows the time so nobody guesses whose clock it is.
 */
import { DateTime } from 'luxon';
import { z } from 'zod';
import type { MessageLanguage } from '../events';
import { duration, type Template } from './kinds';
import { unsubscribeBlock } from './layout';

const url = z.url({ protocol: /^https?$/ });
const zone = z.string().min(1).max(64).refine((v) => DateTime.now().setZone(v).isValid, 'unknown time zone');

const sessionParams = z.object({
  subject: z.string().trim().min(1).max(200),
  startAt: z.iso.datetime({ offset: true }),
  durationMinutes: z.number().int().min(1).max(24 * 60),
  /** The recipient's zone (else the session's). */
  timeZoneId: zone,
  sessionsUrl: url,
  /** The meeting link, when the recipient may see it and the session is online. */
  joinUrl: url.nullable(),
  /** The page that turns this kind of e-mail off (decision 0072): e-mail only, absent from a text. */
  unsubscribeUrl: url.nullable().optional(),
});

export const sessionReminderParams = sessionParams.extend({ offsetMinutes: z.number().int().min(1).max(14 * 24 * 60) });
export const childSessionReminderParams = sessionReminderParams.extend({ childName: z.string().trim().min(1).max(200) });
export const feedbackRequestedParams = sessionParams.omit({ joinUrl: true });

type SessionParams = z.infer<typeof sessionParams>;

/** "Tuesday 24 November 2026, 16:00 (America/New_York)" / "martes 24 de noviembre de 2026, 16:00 (America/New_York)". */
export function localStart(startAt: string, timeZoneId: string, language: MessageLanguage): string {
  const t = DateTime.fromISO(startAt, { zone: timeZoneId }).setLocale(language === 'es' ? 'es' : 'en-GB');
  return `${t.toFormat(language === 'es' ? "cccc d 'de' LLLL 'de' yyyy, HH:mm" : 'cccc d LLLL yyyy, HH:mm')} (${timeZoneId})`;
}

const when = (p: SessionParams, language: MessageLanguage) => localStart(p.startAt, p.timeZoneId, language);

export const sessionReminder: Template<z.infer<typeof sessionReminderParams>> = {
  params: sessionReminderParams,
  content: {
    en: (p, b) => ({
      subject: `${b.name}: your session "${p.subject}" starts in ${duration(p.offsetMinutes, 'en')}`,
      blocks: [
        { type: 'p', text: `This is a reminder of your session "${p.subject}" on ${when(p, 'en')}, for ${duration(p.durationMinutes, 'en')}.` },
        ...(p.joinUrl ? [{ type: 'action' as const, label: 'Join the session', url: p.joinUrl }] : []),
        { type: 'action', label: 'See my sessions', url: p.sessionsUrl },
        { type: 'note', text: 'You receive session reminders because of your notification settings; you can change them in your account settings.' },
        ...unsubscribeBlock(p.unsubscribeUrl, 'en'),
      ],
      sms: `${b.name}: reminder, "${p.subject}" on ${when(p, 'en')}.`,
    }),
    es: (p, b) => ({
      subject: `${b.name}: su sesión "${p.subject}" empieza en ${duration(p.offsetMinutes, 'es')}`,
      blocks: [
        { type: 'p', text: `Le recordamos su sesión "${p.subject}" el ${when(p, 'es')}, de ${duration(p.durationMinutes, 'es')}.` },
        ...(p.joinUrl ? [{ type: 'action' as const, label: 'Entrar a la sesión', url: p.joinUrl }] : []),
        { type: 'action', label: 'Ver mis sesiones', url: p.sessionsUrl },
        { type: 'note', text: 'Recibe recordatorios de sesiones por su configuración de notificaciones; puede cambiarla en la configuración de su cuenta.' },
        ...unsubscribeBlock(p.unsubscribeUrl, 'es'),
      ],
      sms: `${b.name}: recordatorio, "${p.subject}" el ${when(p, 'es')}.`,
    }),
  },
};

export const childSessionReminder: Template<z.infer<typeof childSessionReminderParams>> = {
  params: childSessionReminderParams,
  content: {
    en: (p, b) => ({
      subject: `${b.name}: ${p.childName}'s session "${p.subject}" starts in ${duration(p.offsetMinutes, 'en')}`,
      blocks: [
        { type: 'p', text: `This is a reminder of ${p.childName}'s session "${p.subject}" on ${when(p, 'en')}, for ${duration(p.durationMinutes, 'en')}.` },
        { type: 'action', label: 'See the sessions', url: p.sessionsUrl },
        { type: 'note', text: `You receive this as ${p.childName}'s parent or guardian; you can change your notification settings in your account settings.` },
        ...unsubscribeBlock(p.unsubscribeUrl, 'en'),
      ],
      sms: `${b.name}: reminder, ${p.childName} has "${p.subject}" on ${when(p, 'en')}.`,
    }),
    es: (p, b) => ({
      subject: `${b.name}: la sesión "${p.subject}" de ${p.childName} empieza en ${duration(p.offsetMinutes, 'es')}`,
      blocks: [
        { type: 'p', text: `Le recordamos la sesión "${p.subject}" de ${p.childName} el ${when(p, 'es')}, de ${duration(p.durationMinutes, 'es')}.` },
        { type: 'action', label: 'Ver las sesiones', url: p.sessionsUrl },
        { type: 'note', text: `Recibe este mensaje como madre, padre o tutor legal de ${p.childName}; puede cambiar sus notificaciones en la configuración de su cuenta.` },
        ...unsubscribeBlock(p.unsubscribeUrl, 'es'),
      ],
      sms: `${b.name}: recordatorio, ${p.childName} tiene "${p.subject}" el ${when(p, 'es')}.`,
    }),
  },
};

export const feedbackRequested: Template<z.infer<typeof feedbackRequestedParams>> = {
  params: feedbackRequestedParams,
  content: {
    en: (p, b) => ({
      subject: `${b.name}: how did "${p.subject}" go?`,
      blocks: [
        { type: 'p', text: `Your session "${p.subject}" on ${localStart(p.startAt, p.timeZoneId, 'en')} has ended. Please tell us how it went: it takes a minute.` },
        { type: 'action', label: 'Give feedback', url: p.sessionsUrl },
        ...unsubscribeBlock(p.unsubscribeUrl, 'en'),
      ],
      sms: `${b.name}: how did "${p.subject}" go? Give feedback: ${p.sessionsUrl}`,
    }),
    es: (p, b) => ({
      subject: `${b.name}: ¿cómo fue "${p.subject}"?`,
      blocks: [
        { type: 'p', text: `Su sesión "${p.subject}" del ${localStart(p.startAt, p.timeZoneId, 'es')} terminó. Cuéntenos cómo fue: le llevará un minuto.` },
        { type: 'action', label: 'Dar mi opinión', url: p.sessionsUrl },
        ...unsubscribeBlock(p.unsubscribeUrl, 'es'),
      ],
      sms: `${b.name}: ¿cómo fue "${p.subject}"? Dé su opinión: ${p.sessionsUrl}`,
    }),
  },
};

/** Sample parameters of these kinds (the templates test and the admin previews' samples map spread them). */
export const SESSION_TIMER_SAMPLES = {
  SESSION_REMINDER: {
    subject: 'Algebra', startAt: '2027-03-15T20:00:00.000Z', durationMinutes: 60, timeZoneId: 'America/New_York', offsetMinutes: 60,
    sessionsUrl: 'https://app.example.org/sessions', joinUrl: 'https://meet.example.org/room', unsubscribeUrl: 'https://app.example.org/unsubscribe/abc.def',
  },
  CHILD_SESSION_REMINDER: {
    subject: 'Algebra', startAt: '2027-03-15T20:00:00.000Z', durationMinutes: 60, timeZoneId: 'Europe/Madrid', offsetMinutes: 1440,
    sessionsUrl: 'https://app.example.org/sessions', joinUrl: null, childName: 'Lucía', unsubscribeUrl: 'https://app.example.org/unsubscribe/abc.def',
  },
  FEEDBACK_REQUESTED: { subject: 'Algebra', startAt: '2027-03-15T20:00:00.000Z', durationMinutes: 60, timeZoneId: 'America/New_York', sessionsUrl: 'https://app.example.org/sessions',
    unsubscribeUrl: 'https://app.example.org/unsubscribe/abc.def' },
} satisfies {
  SESSION_REMINDER: z.infer<typeof sessionReminderParams>;
  CHILD_SESSION_REMINDER: z.infer<typeof childSessionReminderParams>;
  FEEDBACK_REQUESTED: z.infer<typeof feedbackRequestedParams>;
};
