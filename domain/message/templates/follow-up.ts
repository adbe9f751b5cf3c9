/**
 * ERROR_FOLLOW_UP (decision 0049): an ecosystem admin writes to a person who ran into an error,
 * with their own note and, when given, the error as the person saw it. The note is the admin's
 * words, passed through as text (the layout escapes it).
 */
import { z } from 'zod';
import type { Template } from './kinds';

export const followUpParams = z.object({
  adminName: z.string().trim().min(1).max(200).nullable(),
  note: z.string().trim().min(1).max(2000),
  errorMessage: z.string().trim().min(1).max(500).nullable(),
});

export const followUp: Template<z.infer<typeof followUpParams>> = {
  params: followUpParams,
  content: {
    en: (p, b) => ({
      subject: `About the problem you had on ${b.name}`,
      blocks: [
        { type: 'p', text: `${p.adminName ?? `An admin of ${b.name}`} is following up on a problem you ran into.` },
        ...(p.errorMessage ? [{ type: 'note' as const, text: `What you saw: ${p.errorMessage}` }] : []),
        { type: 'p', text: p.note },
        { type: 'note', text: `You received this because an admin of ${b.name} wrote to you. Reply to your admin if you still need help.` },
      ],
      sms: `${b.name}, an admin writes: ${p.note}`.slice(0, 320),
    }),
    es: (p, b) => ({
      subject: `Sobre el problema que tuvo en ${b.name}`,
      blocks: [
        { type: 'p', text: `${p.adminName ?? `Un administrador de ${b.name}`} le escribe sobre un problema que tuvo.` },
        ...(p.errorMessage ? [{ type: 'note' as const, text: `Lo que vio: ${p.errorMessage}` }] : []),
        { type: 'p', text: p.note },
        { type: 'note', text: `Recibió este mensaje porque un administrador de ${b.name} le escribió. Responda a su administrador si aún necesita ayuda.` },
      ],
      sms: `${b.name}, le escribe un administrador: ${p.note}`.slice(0, 320),
    }),
  },
};
