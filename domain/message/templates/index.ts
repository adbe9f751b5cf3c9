/**
 * Renders a message of one kind in the recipient's language (docs/decisions/0037): the kind's
 * template in that language, with the ecosystem's name and terms, as an e-mail (subject, text and
 * HTML parts) or as a text message. Pure: the sender stores what this returns in the message's
 * event, so the outbox shows exactly what was sent and a replay renders nothing again.
 */
import { fieldErrorsOf, ValidationError } from '../../shared/errors';
import type { MessageChannel, MessageLanguage } from '../events';
import type { MessageKind } from '../kinds';
import { resolveBrand, type BrandInput } from './brand';
import { TEMPLATES, type Template, type TemplateParams } from './kinds';
import { renderEmail } from './layout';

export { resolveBrand, type BrandInput, type Brand } from './brand';
export { TEMPLATES, type TemplateParams } from './kinds';

export interface RenderedMessage {
  subject: string | null;
  text: string;
  html: string | null;
}

export interface RenderRequest<K extends MessageKind> {
  kind: K;
  channel: MessageChannel;
  language: MessageLanguage;
  params: TemplateParams[K];
  brand: BrandInput;
}

export function renderMessage<K extends MessageKind>(request: RenderRequest<K>): RenderedMessage {
  const template = TEMPLATES[request.kind] as unknown as Template<TemplateParams[K]>;
  const parsed = template.params.safeParse(request.params);
  if (!parsed.success) throw ValidationError.forFields(fieldErrorsOf(parsed.error.issues, ['params']));
  const brand = resolveBrand(request.brand, request.language);
  const content = template.content[request.language](parsed.data, brand);
  if (request.channel === 'SMS') return { subject: null, text: content.sms, html: null };
  return renderEmail(content, request.language, brand.name);
}
