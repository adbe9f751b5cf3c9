/**
 * APPLICATION_REVIEWED (docs/decisions/0072): the applicant hears the admins' decision on their
 * sign-up application (decision 0044): approved, declined, or changes asked for, with the admins'
 * note when they wrote one. Sent by the notification reactor on ApplicationReviewed.
 */
import { z } from 'zod';
import type { Brand } from './brand';
import type { Block, Content } from './layout';
import type { Template } from './kinds';

export const applicationReviewedParams = z.object({
  decision: z.enum(['APPROVED', 'DECLINED', 'CHANGES_REQUESTED']),
  /** The role applied for, as the ecosystem's term (tutor, tutee), or none. */
  role: z.enum(['tutor', 'tutee']).nullable(),
  note: z.string().trim().max(1000).nullable(),
  url: z.url({ protocol: /^https?$/ }),
});
type Params = z.infer<typeof applicationReviewedParams>;

function content(p: Params, b: Brand, es: boolean): Content {
  const as = p.role ? (es ? ` como ${b[p.role]}` : ` as a ${b[p.role]}`) : '';
  const words = es ? {
    APPROVED: { subject: `${b.name}: su solicitud está aprobada`, text: `Su solicitud para unirse a ${b.name}${as} está aprobada. Ya puede iniciar sesión y empezar.`, action: 'Iniciar sesión', sms: 'su solicitud está aprobada. Inicie sesión:' },
    DECLINED: { subject: `${b.name}: su solicitud`, text: `Su solicitud para unirse a ${b.name}${as} no fue aprobada.`, action: 'Abrir su cuenta', sms: 'su solicitud no fue aprobada.' },
    CHANGES_REQUESTED: { subject: `${b.name}: su solicitud necesita cambios`, text: `El equipo de ${b.name} pide cambios en su solicitud${as}. Inicie sesión para ver qué cambiar y envíela de nuevo.`, action: 'Revisar mi solicitud', sms: 'su solicitud necesita cambios:' },
    note: 'Nota del equipo',
  } : {
    APPROVED: { subject: `${b.name}: your application is approved`, text: `Your application to join ${b.name}${as} is approved. You can log in and get started.`, action: 'Log in', sms: 'your application is approved. Log in:' },
    DECLINED: { subject: `${b.name}: your application`, text: `Your application to join ${b.name}${as} was not approved.`, action: 'Open your account', sms: 'your application was not approved.' },
    CHANGES_REQUESTED: { subject: `${b.name}: your application needs changes`, text: `The team of ${b.name} asks for changes to your application${as}. Log in to see what to change and send it again.`, action: 'Review my application', sms: 'your application needs changes:' },
    note: 'Note from the team',
  };
  const w = words[p.decision];
  const blocks: Block[] = [{ type: 'p', text: w.text }];
  if (p.note) blocks.push({ type: 'p', text: `${words.note}: ${p.note}` });
  blocks.push({ type: 'action', label: w.action, url: p.url });
  return { subject: w.subject, blocks, sms: `${b.name}: ${w.sms} ${p.url}` };
}

export const applicationReviewed: Template<Params> = {
  params: applicationReviewedParams,
  content: { en: (p, b) => content(p, b, false), es: (p, b) => content(p, b, true) },
};
