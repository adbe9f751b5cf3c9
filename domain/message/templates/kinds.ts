/**
 * Each message kind's content in English and Spanish (formal "usted", as the server's messages).
 * A template takes validated parameters and the brand (the ecosystem's name and terms, already in
 * the message's language) and returns blocks; templates/layout.ts makes HTML and text of them.
 * Links and codes arrive ready-made: the sender mints tokens, the template only words them.
 */
import { z } from 'zod';
import type { MessageLanguage } from '../events';
import type { MessageKind } from '../kinds';
import type { Brand } from './brand';
import type { Content } from './layout';
import { backgroundCheckReminder, signupExistingAccount, signupWelcome } from './signup';
import { followUp } from './follow-up';
import { contactChanged } from './contact-changed';
import { scheduledReport } from './report';
import { weeklyParentReport } from './weekly';
import { childSessionReminder, feedbackRequested, sessionReminder } from './session-timers';
import { applicationReviewed } from './application';
import { sessionBooked, sessionCancelled, sessionMoved, sessionParticipantJoined, sessionParticipantLeft, sessionRemoved, sessionRestored } from './sessions';

export interface Template<P> {
  params: z.ZodType<P>;
  content: Record<MessageLanguage, (params: P, brand: Brand) => Content>;
}

const url = z.url({ protocol: /^https?$/ });
const minutes = z.number().int().min(1).max(60 * 24 * 30);

const test: Template<Record<string, never>> = {
  params: z.object({}).strict() as z.ZodType<Record<string, never>>,
  content: {
    en: (_p, b) => ({
      subject: `Test message from ${b.name}`,
      blocks: [
        { type: 'p', text: `This is a test message from ${b.name}. If you can read it, messages reach you.` },
        { type: 'note', text: 'You received it because a platform admin sent a test message to their own address.' },
      ],
      sms: `${b.name}: this is a test message. If you can read it, text messages reach you.`,
    }),
    es: (_p, b) => ({
      subject: `Mensaje de prueba de ${b.name}`,
      blocks: [
        { type: 'p', text: `Este es un mensaje de prueba de ${b.name}. Si puede leerlo, los mensajes le llegan.` },
        { type: 'note', text: 'Lo recibió porque un administrador de la plataforma envió un mensaje de prueba a su propia dirección.' },
      ],
      sms: `${b.name}: este es un mensaje de prueba. Si puede leerlo, los mensajes de texto le llegan.`,
    }),
  },
};

const inviteParams = z.object({
  url,
  inviterName: z.string().trim().min(1).max(200).nullable(),
  /** Which of the ecosystem's terms names the role, if any. */
  role: z.enum(['tutor', 'tutee']).nullable(),
});

const invite: Template<z.infer<typeof inviteParams>> = {
  params: inviteParams,
  content: {
    en: (p, b) => {
      const who = p.inviterName ?? b.name;
      const as = p.role ? ` as a ${b[p.role]}` : '';
      return {
        subject: `You are invited to join ${b.name}`,
        blocks: [
          { type: 'p', text: `${who} invited you to join ${b.name}${as}.` },
          { type: 'action', label: 'Accept the invitation', url: p.url },
          { type: 'note', text: 'If you did not expect this invitation, you can ignore this message.' },
        ],
        sms: `${who} invited you to join ${b.name}${as}: ${p.url}`,
      };
    },
    es: (p, b) => {
      const who = p.inviterName ?? b.name;
      const as = p.role ? ` como ${b[p.role]}` : '';
      return {
        subject: `Le invitan a unirse a ${b.name}`,
        blocks: [
          { type: 'p', text: `${who} le invitó a unirse a ${b.name}${as}.` },
          { type: 'action', label: 'Aceptar la invitación', url: p.url },
          { type: 'note', text: 'Si no esperaba esta invitación, puede ignorar este mensaje.' },
        ],
        sms: `${who} le invitó a unirse a ${b.name}${as}: ${p.url}`,
      };
    },
  },
};

const linkParams = z.object({ url, expiresInMinutes: minutes });
type LinkParams = z.infer<typeof linkParams>;

/** "30 minutes", "2 hours", "3 days": the largest whole unit. */
export function duration(totalMinutes: number, language: MessageLanguage): string {
  const [n, unit] = totalMinutes % 1440 === 0 ? [totalMinutes / 1440, 'day'] as const
    : totalMinutes % 60 === 0 ? [totalMinutes / 60, 'hour'] as const : [totalMinutes, 'minute'] as const;
  const words = language === 'es'
    ? { day: ['día', 'días'], hour: ['hora', 'horas'], minute: ['minuto', 'minutos'] }
    : { day: ['day', 'days'], hour: ['hour', 'hours'], minute: ['minute', 'minutes'] };
  return `${n} ${words[unit][n === 1 ? 0 : 1]}`;
}

/** `intro` may name who speaks (the ecosystem, or the platform), so the body says which account is meant, not only the subject. */
function linkTemplate(texts: Record<MessageLanguage, { subject: string; intro: string | ((b: Brand) => string); action: string; ignore: string; sms: string }>): Template<LinkParams> {
  const content = (language: MessageLanguage) => (p: LinkParams, b: Brand): Content => {
    const t = texts[language];
    const expiry = language === 'es' ? `El enlace caduca en ${duration(p.expiresInMinutes, language)} y sirve una sola vez.`
      : `The link expires in ${duration(p.expiresInMinutes, language)} and works once.`;
    return {
      subject: `${b.name}: ${t.subject}`,
      blocks: [{ type: 'p', text: typeof t.intro === 'string' ? t.intro : t.intro(b) }, { type: 'action', label: t.action, url: p.url }, { type: 'p', text: expiry }, { type: 'note', text: t.ignore }],
      sms: `${b.name}: ${t.sms} ${p.url}`,
    };
  };
  return { params: linkParams, content: { en: content('en'), es: content('es') } };
}

const verifyEmail = linkTemplate({
  en: { subject: 'confirm your e-mail address', intro: 'Please confirm that this is your e-mail address.', action: 'Confirm my e-mail address',
    ignore: 'If you did not create an account, you can ignore this message.', sms: 'confirm your e-mail address:' },
  es: { subject: 'confirme su dirección de correo', intro: 'Confirme que esta es su dirección de correo electrónico.', action: 'Confirmar mi dirección',
    ignore: 'Si no creó una cuenta, puede ignorar este mensaje.', sms: 'confirme su dirección de correo:' },
});

const resetPassword = linkTemplate({
  en: { subject: 'reset your password', intro: (b) => `Someone asked to reset the password of your ${b.name} account.`, action: 'Choose a new password',
    ignore: 'If it was not you, ignore this message: your password stays as it is.', sms: 'reset your password:' },
  es: { subject: 'restablezca su contraseña', intro: (b) => `Alguien pidió restablecer la contraseña de su cuenta de ${b.name}.`, action: 'Elegir una contraseña nueva',
    ignore: 'Si no fue usted, ignore este mensaje: su contraseña no cambia.', sms: 'restablezca su contraseña:' },
});

const loginLink = linkTemplate({
  en: { subject: 'your log-in link', intro: (b) => `Use this link to log in to ${b.name} without your password.`, action: 'Log in',
    ignore: 'If you did not ask for it, ignore this message; nobody can log in without the link.', sms: 'your log-in link:' },
  es: { subject: 'su enlace para iniciar sesión', intro: (b) => `Use este enlace para iniciar sesión en ${b.name} sin su contraseña.`, action: 'Iniciar sesión',
    ignore: 'Si no lo pidió, ignore este mensaje; nadie puede iniciar sesión sin el enlace.', sms: 'su enlace para iniciar sesión:' },
});

const codeParams = z.object({ code: z.string().regex(/^[0-9A-Z]{4,12}$/), expiresInMinutes: minutes });

const mfaCode: Template<z.infer<typeof codeParams>> = {
  params: codeParams,
  content: {
    en: (p, b) => ({
      subject: `${b.name}: your verification code`,
      blocks: [
        { type: 'p', text: 'Your verification code is:' },
        { type: 'code', value: p.code },
        { type: 'p', text: `It expires in ${duration(p.expiresInMinutes, 'en')}. Never share it with anyone.` },
      ],
      sms: `${b.name}: your verification code is ${p.code}. Never share it.`,
    }),
    es: (p, b) => ({
      subject: `${b.name}: su código de verificación`,
      blocks: [
        { type: 'p', text: 'Su código de verificación es:' },
        { type: 'code', value: p.code },
        { type: 'p', text: `Caduca en ${duration(p.expiresInMinutes, 'es')}. No lo comparta con nadie.` },
      ],
      sms: `${b.name}: su código de verificación es ${p.code}. No lo comparta.`,
    }),
  },
};

const emailChangedParams = z.object({ newEmail: z.email() });

/** To the address an account just left (docs/decisions/0042): the one warning a hijacked account's owner still gets. */
const emailChanged: Template<z.infer<typeof emailChangedParams>> = {
  params: emailChangedParams,
  content: {
    en: (p, b) => ({
      subject: `${b.name}: your e-mail address was changed`,
      blocks: [
        { type: 'p', text: `The e-mail address of your account was changed to ${p.newEmail}, which you now log in with. This address no longer receives the account's messages.` },
        { type: 'note', text: `If you did not change it, contact ${b.name} at once: someone else may have your password.` },
      ],
      sms: `${b.name}: the e-mail address of your account was changed to ${p.newEmail}. If it was not you, contact us at once.`,
    }),
    es: (p, b) => ({
      subject: `${b.name}: se cambió su dirección de correo`,
      blocks: [
        { type: 'p', text: `La dirección de correo de su cuenta se cambió a ${p.newEmail}, con la que ahora inicia sesión. Esta dirección ya no recibe los mensajes de la cuenta.` },
        { type: 'note', text: `Si no la cambió usted, comuníquese con ${b.name} de inmediato: otra persona podría tener su contraseña.` },
      ],
      sms: `${b.name}: la dirección de correo de su cuenta se cambió a ${p.newEmail}. Si no fue usted, comuníquese con nosotros de inmediato.`,
    }),
  },
};

/** Every kind's template. A kind missing here is a type error. */
export const TEMPLATES = {
  TEST: test,
  INVITE: invite,
  VERIFY_EMAIL: verifyEmail,
  RESET_PASSWORD: resetPassword,
  LOGIN_LINK: loginLink,
  MFA_CODE: mfaCode,
  EMAIL_CHANGED: emailChanged,
  SIGNUP_WELCOME: signupWelcome,
  SIGNUP_EXISTING_ACCOUNT: signupExistingAccount,
  BACKGROUND_CHECK_REMINDER: backgroundCheckReminder,
  ERROR_FOLLOW_UP: followUp,
  CONTACT_CHANGED: contactChanged,
  SCHEDULED_REPORT: scheduledReport,
  WEEKLY_PARENT_REPORT: weeklyParentReport,
  // Session timers (decision 0074).
  SESSION_REMINDER: sessionReminder,
  CHILD_SESSION_REMINDER: childSessionReminder,
  FEEDBACK_REQUESTED: feedbackRequested,
  SESSION_BOOKED: sessionBooked,
  SESSION_MOVED: sessionMoved,
  SESSION_CANCELLED: sessionCancelled,
  SESSION_RESTORED: sessionRestored,
  SESSION_REMOVED: sessionRemoved,
  SESSION_PARTICIPANT_JOINED: sessionParticipantJoined,
  SESSION_PARTICIPANT_LEFT: sessionParticipantLeft,
  APPLICATION_REVIEWED: applicationReviewed,
} satisfies Record<MessageKind, { params: z.ZodType; content: Record<MessageLanguage, unknown> }>;

export type TemplateParams = { [K in MessageKind]: z.infer<(typeof TEMPLATES)[K]['params']> };
