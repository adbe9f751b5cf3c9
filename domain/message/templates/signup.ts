/**
 * Sign-up messages (docs/decisions/0044): the welcome after a sign-up, the note to an address that
 * already has an account (so the sign-up answer never tells the two apart), and the background
 * check reminder. English and Spanish (formal "usted"), with the ecosystem's terms.
 */
import { z } from 'zod';
import type { Brand } from './brand';
import type { Template } from './kinds';

const url = z.url({ protocol: /^https?$/ });

const welcomeParams = z.object({ url, role: z.enum(['tutor', 'tutee']).nullable(), approvalRequired: z.boolean() });

export const signupWelcome: Template<z.infer<typeof welcomeParams>> = {
  params: welcomeParams,
  content: {
    en: (p, b: Brand) => {
      const as = p.role ? ` as a ${b[p.role]}` : '';
      const next = p.approvalRequired ? 'Log in to complete your application; the team will review it and write to you.' : 'You can log in now.';
      return {
        subject: `Welcome to ${b.name}`,
        blocks: [{ type: 'p', text: `Your account to join ${b.name}${as} is ready. ${next}` }, { type: 'action', label: 'Log in', url: p.url },
          { type: 'note', text: 'If you did not sign up, you can ignore this message.' }],
        sms: `${b.name}: your account is ready. Log in: ${p.url}`,
      };
    },
    es: (p, b: Brand) => {
      const as = p.role ? ` como ${b[p.role]}` : '';
      const next = p.approvalRequired ? 'Inicie sesión para completar su solicitud; el equipo la revisará y le escribirá.' : 'Ya puede iniciar sesión.';
      return {
        subject: `Bienvenido a ${b.name}`,
        blocks: [{ type: 'p', text: `Su cuenta para unirse a ${b.name}${as} está lista. ${next}` }, { type: 'action', label: 'Iniciar sesión', url: p.url },
          { type: 'note', text: 'Si usted no se registró, puede ignorar este mensaje.' }],
        sms: `${b.name}: su cuenta está lista. Inicie sesión: ${p.url}`,
      };
    },
  },
};

const existingParams = z.object({ url, resetUrl: url });

export const signupExistingAccount: Template<z.infer<typeof existingParams>> = {
  params: existingParams,
  content: {
    en: (p, b: Brand) => ({
      subject: `${b.name}: you already have an account`,
      blocks: [
        { type: 'p', text: `Someone, probably you, tried to sign up to ${b.name} with this e-mail address, which already has an account. No new account was made.` },
        { type: 'action', label: 'Log in', url: p.url },
        { type: 'p', text: `Forgot your password? Choose a new one: ${p.resetUrl}` },
        { type: 'note', text: 'If it was not you, you can ignore this message: nothing changed.' },
      ],
      sms: `${b.name}: this address already has an account. Log in: ${p.url}`,
    }),
    es: (p, b: Brand) => ({
      subject: `${b.name}: usted ya tiene una cuenta`,
      blocks: [
        { type: 'p', text: `Alguien, probablemente usted, intentó registrarse en ${b.name} con esta dirección de correo, que ya tiene una cuenta. No se creó ninguna cuenta nueva.` },
        { type: 'action', label: 'Iniciar sesión', url: p.url },
        { type: 'p', text: `¿Olvidó su contraseña? Elija una nueva: ${p.resetUrl}` },
        { type: 'note', text: 'Si no fue usted, puede ignorar este mensaje: nada cambió.' },
      ],
      sms: `${b.name}: esta dirección ya tiene una cuenta. Inicie sesión: ${p.url}`,
    }),
  },
};

/** `checkUrl`: the provider's page when the ecosystem sends applicants to one; else the admins record the result. */
const reminderParams = z.object({ url, checkUrl: url.nullable() });

export const backgroundCheckReminder: Template<z.infer<typeof reminderParams>> = {
  params: reminderParams,
  content: {
    en: (p, b: Brand) => ({
      subject: `${b.name}: your background check is still open`,
      blocks: [
        { type: 'p', text: `Your application to ${b.name} is waiting for your background check.` },
        p.checkUrl ? { type: 'action', label: 'Start the background check', url: p.checkUrl }
          : { type: 'p', text: 'Please complete the background check the team asked you for, or reply to them if you have done so.' },
        { type: 'p', text: `See your application: ${p.url}` },
      ],
      sms: `${b.name}: your background check is still open. ${p.checkUrl ?? p.url}`,
    }),
    es: (p, b: Brand) => ({
      subject: `${b.name}: su verificación de antecedentes sigue pendiente`,
      blocks: [
        { type: 'p', text: `Su solicitud a ${b.name} espera su verificación de antecedentes.` },
        p.checkUrl ? { type: 'action', label: 'Empezar la verificación de antecedentes', url: p.checkUrl }
          : { type: 'p', text: 'Complete la verificación de antecedentes que le pidió el equipo, o respóndales si ya lo hizo.' },
        { type: 'p', text: `Vea su solicitud: ${p.url}` },
      ],
      sms: `${b.name}: su verificación de antecedentes sigue pendiente. ${p.checkUrl ?? p.url}`,
    }),
  },
};
