/**
 * Template previews for admins (decision 0076): every message kind rendered with its sample
 * parameters (domain/message/templates/samples.ts) in both languages, as e-mail (subject, text,
 * HTML) and as a text message, with an ecosystem's name and terms when one is named. Platform
 * admins see any ecosystem's (or the platform's own); an ecosystem's admins their own ecosystem's.
 */
import { MESSAGE_LANGUAGES } from '../../domain/message/events';
import { MESSAGE_KINDS, type MessageKind } from '../../domain/message/kinds';
import { messageMessages } from '../../domain/message/messages';
import { renderMessage, type BrandInput } from '../../domain/message/templates';
import { SAMPLES } from '../../domain/message/templates/samples';
import { ValidationError } from '../../domain/shared/errors';
import { authorize } from '../auth/policy';
import type { RequestContext } from '../context';
import { readEcosystem, uuidArg } from '../tenants/access';

export interface TemplatePreview {
  kind: MessageKind;
  language: string;
  subject: string;
  text: string;
  html: string;
  sms: string;
}

export function renderPreviews(kinds: readonly MessageKind[], brand: BrandInput): TemplatePreview[] {
  return kinds.flatMap((kind) => MESSAGE_LANGUAGES.map((language) => {
    const email = renderMessage({ kind, channel: 'EMAIL', language, params: SAMPLES[kind], brand });
    const sms = renderMessage({ kind, channel: 'SMS', language, params: SAMPLES[kind], brand });
    return { kind, language, subject: email.subject ?? '', text: email.text, html: email.html ?? '', sms: sms.text };
  }));
}

export async function templatePreviews(ctx: RequestContext, args: { ecosystemId?: string | null; kind?: string | null }): Promise<TemplatePreview[]> {
  const ecosystemId = args.ecosystemId ? uuidArg('Ecosystem', args.ecosystemId, 'ecosystemId') : null;
  authorize(ctx, ecosystemId ? { type: 'ecosystem.edit', ecosystemId } : { type: 'platform.configure' });
  if (args.kind != null && !(MESSAGE_KINDS as readonly string[]).includes(args.kind)) throw ValidationError.forField('kind', messageMessages.unknownKind);
  const kinds = args.kind != null ? [args.kind as MessageKind] : MESSAGE_KINDS;
  let brand: BrandInput = {};
  if (ecosystemId) {
    const e = await readEcosystem(ctx, ecosystemId);
    brand = { ecosystemName: e.name, tutorTerm: e.tutorTerm, tuteeTerm: e.tuteeTerm, moduleTerm: e.moduleTerm };
  }
  return renderPreviews(kinds, brand);
}
