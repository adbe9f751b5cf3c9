/**
 * SCHEDULED_REPORT (decision 0068): a scheduled program-level report's HTML summary, per program
 * (sessions held, cancelled and missed, hours, attendance rate, active pairs) with a bar chart of
 * the hours, and per-tutor lines; the CSV attachment holds the same lines. Numbers arrive
 * computed; the template words them in the recipient's language with the ecosystem's tutor term.
 */
import { z } from 'zod';
import type { Brand } from './brand';
import type { Block, Content } from './layout';
import type { Template } from './kinds';

const count = z.number().int().min(0);
const hours = z.number().min(0);
const name = z.string().trim().max(300);

export const reportParams = z.object({
  reportName: name.min(1),
  /** The period as local dates, already formatted ("2026-10-26 – 2026-11-02"). */
  period: z.string().trim().min(1).max(100),
  programs: z.array(z.object({
    name, held: count, cancelled: count, missed: count, hours, attendanceRate: z.number().min(0).max(1).nullable(), activePairs: count,
  })).max(50),
  tutors: z.array(z.object({ program: name, tutor: name, held: count, cancelled: count, missed: count, hours, learners: count })).max(5000),
});
type Params = z.infer<typeof reportParams>;

interface Words {
  subject: (p: Params, b: Brand) => string;
  intro: (p: Params, b: Brand) => string;
  programsCaption: string;
  programHead: string[];
  chartCaption: string;
  tutorsCaption: (b: Brand) => string;
  tutorHead: (b: Brand) => string[];
  noSessions: string;
  attachment: string;
  why: (b: Brand) => string;
}

const percent = (rate: number | null) => (rate === null ? '–' : `${Math.round(rate * 100)}%`);

function content(w: Words, p: Params, b: Brand): Content {
  const programRows = p.programs.map((x) => [x.name, String(x.held), String(x.cancelled), String(x.missed), String(x.hours), percent(x.attendanceRate), String(x.activePairs)]);
  const tutorRows = p.tutors.slice(0, 200).map((t) => [t.program, t.tutor, String(t.held), String(t.cancelled), String(t.missed), String(t.hours), String(t.learners)]);
  const blocks: Block[] = [
    { type: 'p', text: w.intro(p, b) },
    { type: 'table', caption: w.programsCaption, head: w.programHead, rows: programRows },
    { type: 'bars', caption: w.chartCaption, items: p.programs.map((x) => ({ label: x.name, value: x.hours })) },
    tutorRows.length > 0 ? { type: 'table', caption: w.tutorsCaption(b), head: w.tutorHead(b), rows: tutorRows } : { type: 'p', text: w.noSessions },
    { type: 'note', text: w.attachment },
    { type: 'note', text: w.why(b) },
  ];
  return { subject: w.subject(p, b), blocks, sms: w.subject(p, b) };
}

const en: Words = {
  subject: (p, b) => `${b.name} report: ${p.reportName} (${p.period})`,
  intro: (p, b) => `Sessions of ${b.name} from ${p.period}, by program.`,
  programsCaption: 'Programs',
  programHead: ['Program', 'Held', 'Cancelled', 'Missed', 'Hours', 'Attendance', 'Active pairs'],
  chartCaption: 'Hours held by program',
  tutorsCaption: (b) => `By ${b.tutor.toLowerCase()}`,
  tutorHead: (b) => ['Program', b.tutor, 'Held', 'Cancelled', 'Missed', 'Hours', b.tutee === 'Learner' ? 'Learners' : `${b.tutee}s`],
  noSessions: 'No sessions in this period.',
  attachment: 'The attached CSV file has every line of this report.',
  why: (b) => `You receive this report because a platform admin of ${b.name} scheduled it for your address.`,
};

const es: Words = {
  subject: (p, b) => `Informe de ${b.name}: ${p.reportName} (${p.period})`,
  intro: (p, b) => `Sesiones de ${b.name} del periodo ${p.period}, por programa.`,
  programsCaption: 'Programas',
  programHead: ['Programa', 'Realizadas', 'Canceladas', 'Perdidas', 'Horas', 'Asistencia', 'Parejas activas'],
  chartCaption: 'Horas realizadas por programa',
  tutorsCaption: (b) => `Por ${b.tutor.toLowerCase()}`,
  tutorHead: (b) => ['Programa', b.tutor, 'Realizadas', 'Canceladas', 'Perdidas', 'Horas', b.tutee],
  noSessions: 'No hubo sesiones en este periodo.',
  attachment: 'El archivo CSV adjunto tiene todas las líneas de este informe.',
  why: (b) => `Recibe este informe porque un administrador de la plataforma de ${b.name} lo programó para su dirección.`,
};

export const scheduledReport: Template<Params> = {
  params: reportParams,
  content: { en: (p, b) => content(en, p, b), es: (p, b) => content(es, p, b) },
};
