/**
 * WEEKLY_PARENT_REPORT (decision 0076): a guardian's weekly report of each child's sessions, in
 * the guardian's language, with times already written in the guardian's zone and language by the
 * sender. The e-mail has a table per child (when, program, subject, the ecosystem's tutor term,
 * status); the text message is the short summary of counts per child.
 */
import { z } from 'zod';
import type { Brand } from './brand';
import { unsubscribeBlock, type Block, type Content } from './layout';
import type { Template } from './kinds';
import type { MessageLanguage } from '../events';
import { CHILD_SESSION_STATUSES, type ChildSessionStatus } from '../../report/weekly';

const line = z.string().trim().max(300);

export const weeklyParentReportParams = z.object({
  /** The week as local dates, already formatted ("2027-03-08 – 2027-03-14"). */
  week: z.string().trim().min(1).max(100),
  children: z.array(z.object({
    name: line.min(1),
    sessions: z.array(z.object({
      /** Day and time in the guardian's zone and language, already formatted. */
      when: line.min(1),
      program: line,
      subject: line,
      tutor: line,
      status: z.enum(CHILD_SESSION_STATUSES),
    })).max(200),
  })).min(1).max(20),
  /** The page that turns the weekly report's e-mail off (decision 0072): e-mail only. */
  unsubscribeUrl: z.url({ protocol: /^https?$/ }).nullable().optional(),
});
type Params = z.infer<typeof weeklyParentReportParams>;

interface Words {
  subject: (p: Params, b: Brand) => string;
  intro: (p: Params, b: Brand) => string;
  head: (b: Brand) => string[];
  status: Record<ChildSessionStatus, string>;
  none: (child: string) => string;
  counts: (c: Record<ChildSessionStatus, number>) => string;
  why: (b: Brand) => string;
  sms: (p: Params, b: Brand, lines: string[]) => string;
}

const countsOf = (sessions: Params['children'][number]['sessions']) => {
  const c: Record<ChildSessionStatus, number> = { ATTENDED: 0, MISSED: 0, CANCELLED: 0, UPCOMING: 0 };
  for (const s of sessions) c[s.status]++;
  return c;
};

function content(w: Words, p: Params, b: Brand, language: MessageLanguage): Content {
  const blocks: Block[] = [{ type: 'p', text: w.intro(p, b) }];
  const summaries: string[] = [];
  for (const child of p.children) {
    const counts = countsOf(child.sessions);
    summaries.push(`${child.name}: ${w.counts(counts)}`);
    if (child.sessions.length === 0) blocks.push({ type: 'p', text: w.none(child.name) });
    else {
      blocks.push({
        type: 'table', caption: `${child.name}: ${w.counts(counts)}`, head: w.head(b),
        rows: child.sessions.map((s) => [s.when, s.program, s.subject, s.tutor, w.status[s.status]]),
      });
    }
  }
  blocks.push({ type: 'note', text: w.why(b) }, ...unsubscribeBlock(p.unsubscribeUrl, language));
  return { subject: w.subject(p, b), blocks, sms: w.sms(p, b, summaries) };
}

const en: Words = {
  subject: (p, b) => `${b.name}: weekly report (${p.week})`,
  intro: (p, b) => `Here are the sessions at ${b.name} for the week of ${p.week}: what happened so far, and what is coming up through next week.`,
  head: (b) => ['When', 'Program', 'Subject', b.tutor, 'Status'],
  status: { ATTENDED: 'Attended', MISSED: 'Missed', CANCELLED: 'Cancelled', UPCOMING: 'Upcoming' },
  none: (child) => `${child} has no sessions this week or next week.`,
  counts: (c) => `${c.ATTENDED} attended, ${c.MISSED} missed, ${c.CANCELLED} cancelled, ${c.UPCOMING} upcoming`,
  why: (b) => `You receive this report every Saturday because your child takes part in a program of ${b.name} that sends weekly reports to parents. You can turn it off in your account settings, under Notifications (Weekly report on your child's sessions).`,
  sms: (p, b, lines) => `${b.name} weekly report (${p.week}): ${lines.join('; ')}.`,
};

const es: Words = {
  subject: (p, b) => `${b.name}: informe semanal (${p.week})`,
  intro: (p, b) => `Estas son las sesiones en ${b.name} de la semana del ${p.week}: lo que ya ocurrió y lo que viene hasta la próxima semana.`,
  head: (b) => ['Cuándo', 'Programa', 'Materia', b.tutor, 'Estado'],
  status: { ATTENDED: 'Asistió', MISSED: 'Faltó', CANCELLED: 'Cancelada', UPCOMING: 'Próxima' },
  none: (child) => `${child} no tiene sesiones esta semana ni la próxima.`,
  counts: (c) => `${c.ATTENDED} con asistencia, ${c.MISSED} con falta, ${c.CANCELLED} canceladas, ${c.UPCOMING} próximas`,
  why: (b) => `Recibe este informe cada sábado porque su hijo o hija participa en un programa de ${b.name} que envía informes semanales a los padres. Puede desactivarlo en la configuración de su cuenta, en Notificaciones (Informe semanal de las sesiones de su hijo).`,
  sms: (p, b, lines) => `Informe semanal de ${b.name} (${p.week}): ${lines.join('; ')}.`,
};

export const weeklyParentReport: Template<Params> = {
  params: weeklyParentReportParams,
  content: { en: (p, b) => content(en, p, b, 'en'), es: (p, b) => content(es, p, b, 'es') },
};
