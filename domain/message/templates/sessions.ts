/**
 * Session notices (issue 9, docs/decisions/0072): a session booked, moved, cancelled, back on, a
 * person no longer in it, a learner who joined or left, told to a participant or to a learner's
 * parent (`childName`). Times arrive as instants and are written in the recipient's time zone and
 * language; the unsubscribe link turns off this kind of e-mail for the recipient without logging in.
 */
import { z } from 'zod';
import type { MessageLanguage } from '../events';
import type { Brand } from './brand';
import { unsubscribeBlock, type Block, type Content } from './layout';
import type { Template } from './kinds';

const url = z.url({ protocol: /^https?$/ });
const instant = z.iso.datetime({ offset: true });
const name = z.string().trim().min(1).max(200);

export const sessionNoticeParams = z.object({
  /** The session's subject (Algebra). */
  sessionSubject: z.string().trim().max(200),
  /** The (first) occurrence the notice is about. */
  startAt: instant,
  endAt: instant,
  /** Where a moved occurrence was before. */
  previousStartAt: instant.nullable(),
  /** The recipient's zone (else the session's): every time is written in it. */
  timeZoneId: z.string().min(1).max(60),
  /** How many further occurrences the same change touched. */
  more: z.number().int().min(0).max(10_000),
  /** Set when the recipient is told as a learner's parent or guardian. */
  childName: name.nullable(),
  /** The person who joined or left (to the session's leaders). */
  otherName: name.nullable(),
  reason: z.string().trim().max(500).nullable(),
  url,
  unsubscribeUrl: url.nullable(),
});
export type SessionNoticeParams = z.infer<typeof sessionNoticeParams>;

/** "Monday, November 23, 4:00 PM EST" in the recipient's zone and language. */
export function localTime(instantIso: string, timeZoneId: string, language: MessageLanguage): string {
  const locale = language === 'es' ? 'es-US' : 'en-US';
  let zone = timeZoneId;
  try {
    new Intl.DateTimeFormat(locale, { timeZone: zone });
  } catch {
    zone = 'UTC';
  }
  return new Intl.DateTimeFormat(locale, {
    timeZone: zone, weekday: 'long', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short',
  }).format(new Date(instantIso));
}

interface Words {
  subject(p: SessionNoticeParams, b: Brand, s: string): string;
  body(p: SessionNoticeParams, b: Brand, s: string, when: string, before: string | null): string;
  more(n: number): string;
  sms(p: SessionNoticeParams, b: Brand, s: string, when: string): string;
}

const COMMON = {
  en: { open: 'Open the session', reason: 'Reason', why: (b: Brand) => `You receive this message because of your notification settings in ${b.name}.`, aSession: 'a session' },
  es: { open: 'Abrir la sesión', reason: 'Motivo', why: (b: Brand) => `Recibe este mensaje por su configuración de notificaciones en ${b.name}.`, aSession: 'una sesión' },
};

function notice(words: Record<MessageLanguage, Words>): Template<SessionNoticeParams> {
  const content = (language: MessageLanguage) => (p: SessionNoticeParams, b: Brand): Content => {
    const w = words[language];
    const c = COMMON[language];
    const s = p.sessionSubject || c.aSession;
    const when = localTime(p.startAt, p.timeZoneId, language);
    const before = p.previousStartAt ? localTime(p.previousStartAt, p.timeZoneId, language) : null;
    const blocks: Block[] = [{ type: 'p', text: w.body(p, b, s, when, before) }];
    if (p.more > 0) blocks.push({ type: 'p', text: w.more(p.more) });
    if (p.reason) blocks.push({ type: 'p', text: `${c.reason}: ${p.reason}` });
    blocks.push({ type: 'action', label: c.open, url: p.url });
    blocks.push({ type: 'note', text: c.why(b) });
    blocks.push(...unsubscribeBlock(p.unsubscribeUrl, language));
    return { subject: w.subject(p, b, s), blocks, sms: w.sms(p, b, s, when) };
  };
  return { params: sessionNoticeParams, content: { en: content('en'), es: content('es') } };
}

const forChildEn = (p: SessionNoticeParams) => (p.childName ? ` for ${p.childName}` : '');
const forChildEs = (p: SessionNoticeParams) => (p.childName ? ` de ${p.childName}` : '');
const youEn = (p: SessionNoticeParams) => p.childName ?? 'You';
const youEs = (p: SessionNoticeParams) => p.childName ?? 'Usted';

export const sessionBooked = notice({
  en: {
    subject: (p, b, s) => `${b.name}: session booked${forChildEn(p)}: ${s}`,
    body: (p, _b, s, when) => `${p.childName ? `${p.childName} is` : 'You are'} booked for ${s} on ${when}.`,
    more: (n) => `It repeats: ${n} more ${n === 1 ? 'session follows' : 'sessions follow'}.`,
    sms: (p, b, s, when) => `${b.name}: ${p.childName ? `${p.childName} is` : 'you are'} booked for ${s} on ${when}.`,
  },
  es: {
    subject: (p, b, s) => `${b.name}: sesión reservada${forChildEs(p)}: ${s}`,
    body: (p, _b, s, when) => `${p.childName ? `${p.childName} tiene` : 'Usted tiene'} una reserva para ${s} el ${when}.`,
    more: (n) => `Se repite: ${n === 1 ? 'sigue 1 sesión más' : `siguen ${n} sesiones más`}.`,
    sms: (p, b, s, when) => `${b.name}: ${p.childName ? `${p.childName} tiene` : 'tiene'} una reserva para ${s} el ${when}.`,
  },
});

export const sessionMoved = notice({
  en: {
    subject: (p, b, s) => `${b.name}: new time for ${s}${forChildEn(p)}`,
    body: (p, _b, s, when, before) => `The session ${s}${forChildEn(p)} now takes place on ${when}${before ? ` (it was on ${before})` : ''}.`,
    more: (n) => `${n} more ${n === 1 ? 'session of it moved' : 'sessions of it moved'} too.`,
    sms: (p, b, s, when) => `${b.name}: ${s}${forChildEn(p)} moved to ${when}.`,
  },
  es: {
    subject: (p, b, s) => `${b.name}: nuevo horario de ${s}${forChildEs(p)}`,
    body: (p, _b, s, when, before) => `La sesión ${s}${forChildEs(p)} ahora es el ${when}${before ? ` (antes era el ${before})` : ''}.`,
    more: (n) => `${n === 1 ? 'Otra sesión también cambió' : `Otras ${n} sesiones también cambiaron`} de horario.`,
    sms: (p, b, s, when) => `${b.name}: ${s}${forChildEs(p)} pasó al ${when}.`,
  },
});

export const sessionCancelled = notice({
  en: {
    subject: (p, b, s) => `${b.name}: session cancelled${forChildEn(p)}: ${s}`,
    body: (p, _b, s, when) => `The session ${s}${forChildEn(p)} on ${when} is cancelled.`,
    more: (n) => `${n} more ${n === 1 ? 'session of it is' : 'sessions of it are'} cancelled too.`,
    sms: (p, b, s, when) => `${b.name}: ${s}${forChildEn(p)} on ${when} is cancelled.`,
  },
  es: {
    subject: (p, b, s) => `${b.name}: sesión cancelada${forChildEs(p)}: ${s}`,
    body: (p, _b, s, when) => `La sesión ${s}${forChildEs(p)} del ${when} se canceló.`,
    more: (n) => `${n === 1 ? 'Otra sesión también se canceló' : `Otras ${n} sesiones también se cancelaron`}.`,
    sms: (p, b, s, when) => `${b.name}: se canceló ${s}${forChildEs(p)} del ${when}.`,
  },
});

export const sessionRestored = notice({
  en: {
    subject: (p, b, s) => `${b.name}: session back on${forChildEn(p)}: ${s}`,
    body: (p, _b, s, when) => `The session ${s}${forChildEn(p)} on ${when} is back on: it is no longer cancelled.`,
    more: (n) => `${n} more ${n === 1 ? 'session is' : 'sessions are'} back on too.`,
    sms: (p, b, s, when) => `${b.name}: ${s}${forChildEn(p)} on ${when} is back on.`,
  },
  es: {
    subject: (p, b, s) => `${b.name}: sesión restablecida${forChildEs(p)}: ${s}`,
    body: (p, _b, s, when) => `La sesión ${s}${forChildEs(p)} del ${when} vuelve a estar programada: ya no está cancelada.`,
    more: (n) => `${n === 1 ? 'Otra sesión también vuelve' : `Otras ${n} sesiones también vuelven`} a estar programadas.`,
    sms: (p, b, s, when) => `${b.name}: ${s}${forChildEs(p)} del ${when} vuelve a estar programada.`,
  },
});

export const sessionRemoved = notice({
  en: {
    subject: (p, b, s) => `${b.name}: ${p.childName ? `${p.childName} is` : 'you are'} no longer in ${s}`,
    body: (p, _b, s, when) => `${youEn(p)} ${p.childName ? 'is' : 'are'} no longer a participant of ${s} from ${when} on.`,
    more: (n) => `That includes ${n} more ${n === 1 ? 'session' : 'sessions'}.`,
    sms: (p, b, s, when) => `${b.name}: ${p.childName ? `${p.childName} is` : 'you are'} no longer in ${s} from ${when}.`,
  },
  es: {
    subject: (p, b, s) => `${b.name}: ${p.childName ? `${p.childName} ya no participa` : 'ya no participa'} en ${s}`,
    body: (p, _b, s, when) => `${youEs(p)} ya no participa en ${s} a partir del ${when}.`,
    more: (n) => `Incluye ${n === 1 ? '1 sesión más' : `${n} sesiones más`}.`,
    sms: (p, b, s, when) => `${b.name}: ${p.childName ? `${p.childName} ya no participa` : 'ya no participa'} en ${s} desde el ${when}.`,
  },
});

export const sessionParticipantJoined = notice({
  en: {
    subject: (p, b, s) => `${b.name}: ${p.otherName ?? `a ${b.tutee.toLowerCase()}`} joined ${s}`,
    body: (p, b, s, when) => `${p.otherName ?? `A ${b.tutee.toLowerCase()}`} (${b.tutee}) joined your session ${s}, from ${when} on.`,
    more: (n) => `That includes ${n} more ${n === 1 ? 'session' : 'sessions'}.`,
    sms: (p, b, s, when) => `${b.name}: ${p.otherName ?? b.tutee} joined ${s} from ${when}.`,
  },
  es: {
    subject: (p, b, s) => `${b.name}: ${p.otherName ?? b.tutee} se unió a ${s}`,
    body: (p, b, s, when) => `${p.otherName ?? b.tutee} (${b.tutee}) se unió a su sesión ${s} a partir del ${when}.`,
    more: (n) => `Incluye ${n === 1 ? '1 sesión más' : `${n} sesiones más`}.`,
    sms: (p, b, s, when) => `${b.name}: ${p.otherName ?? b.tutee} se unió a ${s} desde el ${when}.`,
  },
});

export const sessionParticipantLeft = notice({
  en: {
    subject: (p, b, s) => `${b.name}: ${p.otherName ?? `a ${b.tutee.toLowerCase()}`} left ${s}`,
    body: (p, b, s, when) => `${p.otherName ?? `A ${b.tutee.toLowerCase()}`} (${b.tutee}) is no longer in your session ${s}, from ${when} on.`,
    more: (n) => `That includes ${n} more ${n === 1 ? 'session' : 'sessions'}.`,
    sms: (p, b, s, when) => `${b.name}: ${p.otherName ?? b.tutee} left ${s} from ${when}.`,
  },
  es: {
    subject: (p, b, s) => `${b.name}: ${p.otherName ?? b.tutee} dejó ${s}`,
    body: (p, b, s, when) => `${p.otherName ?? b.tutee} (${b.tutee}) ya no está en su sesión ${s} a partir del ${when}.`,
    more: (n) => `Incluye ${n === 1 ? '1 sesión más' : `${n} sesiones más`}.`,
    sms: (p, b, s, when) => `${b.name}: ${p.otherName ?? b.tutee} dejó ${s} desde el ${when}.`,
  },
});
