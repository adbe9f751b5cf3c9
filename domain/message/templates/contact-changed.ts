/**
 * CONTACT_CHANGED (decision 0049): an admin changed the person's e-mail address or phone number,
 * so the person hears of it (at the old address too, for an e-mail change) and can react if it was
 * not expected. The new value arrives masked: the old address may no longer be the person's.
 */
import { z } from 'zod';
import type { Template } from './kinds';

export const contactChangedParams = z.object({
  field: z.enum(['email', 'phone']),
  maskedValue: z.string().trim().min(1).max(300),
});

const WHAT = { en: { email: 'e-mail address', phone: 'phone number' }, es: { email: 'correo electrónico', phone: 'número de teléfono' } } as const;

export const contactChanged: Template<z.infer<typeof contactChangedParams>> = {
  params: contactChangedParams,
  content: {
    en: (p, b) => ({
      subject: `Your ${WHAT.en[p.field]} on ${b.name} was changed`,
      blocks: [
        { type: 'p', text: `An admin of ${b.name} changed the ${WHAT.en[p.field]} of your account to ${p.maskedValue}.` },
        { type: 'note', text: `If you did not expect this, contact an admin of ${b.name}.` },
      ],
      sms: `${b.name}: an admin changed your ${WHAT.en[p.field]} to ${p.maskedValue}.`,
    }),
    es: (p, b) => ({
      subject: `Se cambió su ${WHAT.es[p.field]} en ${b.name}`,
      blocks: [
        { type: 'p', text: `Un administrador de ${b.name} cambió el ${WHAT.es[p.field]} de su cuenta a ${p.maskedValue}.` },
        { type: 'note', text: `Si no esperaba este cambio, comuníquese con un administrador de ${b.name}.` },
      ],
      sms: `${b.name}: un administrador cambió su ${WHAT.es[p.field]} a ${p.maskedValue}.`,
    }),
  },
};
