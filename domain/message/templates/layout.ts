/**
 * One message's content, written once per language as a few blocks, rendered as the HTML part,
 * the plain-text part, and the text message. Everything a template puts in is text: the layout
 * escapes it for HTML, so a name like `<b>` arrives as written and never as markup.
 */
export type Block =
  | { type: 'p'; text: string }
  /** A button in HTML, "label: url" in text. */
  | { type: 'action'; label: string; url: string }
  /** A short code to type (an MFA code), set apart. */
  | { type: 'code'; value: string }
  /** Small print below the rest. */
  | { type: 'note'; text: string };

export interface Content {
  subject: string;
  blocks: Block[];
  /** The text message: short, one line when it can be. */
  sms: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** Links go to the platform's own pages: only http(s) URLs, so no template can carry a javascript: link. */
export function checkUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new RangeError(`A message link must be http(s), not ${parsed.protocol}`);
  return parsed.href;
}

function blockText(block: Block): string {
  switch (block.type) {
    case 'p':
    case 'note':
      return block.text;
    case 'action':
      return `${block.label}: ${checkUrl(block.url)}`;
    case 'code':
      return `    ${block.value}`;
    default: {
      const exhaustive: never = block;
      return exhaustive;
    }
  }
}

const FONT = 'font-family:Arial,Helvetica,sans-serif;';

function blockHtml(block: Block): string {
  switch (block.type) {
    case 'p':
      return `<p style="${FONT}font-size:16px;line-height:1.5;color:#1a1b1e;margin:0 0 16px">${escapeHtml(block.text)}</p>`;
    case 'note':
      return `<p style="${FONT}font-size:13px;line-height:1.5;color:#495057;margin:24px 0 0">${escapeHtml(block.text)}</p>`;
    case 'action': {
      const href = escapeHtml(checkUrl(block.url));
      return `<p style="margin:24px 0"><a href="${href}" style="${FONT}background:#1864ab;color:#ffffff;padding:12px 20px;border-radius:4px;text-decoration:none;font-size:16px;display:inline-block">${escapeHtml(block.label)}</a></p>`
        + `<p style="${FONT}font-size:13px;color:#495057;margin:0 0 16px;word-break:break-all">${href}</p>`;
    }
    case 'code':
      return `<p style="font-family:'Courier New',monospace;font-size:28px;letter-spacing:4px;color:#1a1b1e;margin:16px 0">${escapeHtml(block.value)}</p>`;
    default: {
      const exhaustive: never = block;
      return exhaustive;
    }
  }
}

/** The e-mail's two parts. `lang` goes on the HTML so screen readers pronounce it right. */
export function renderEmail(content: Content, lang: string, brandName: string): RenderedEmail {
  const text = `${content.blocks.map(blockText).join('\n\n')}\n\n-- \n${brandName}\n`;
  const html = `<!DOCTYPE html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8">`
    + `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>`
    + `<body style="margin:0;padding:0;background:#f1f3f5"><div role="article" aria-label="${escapeHtml(content.subject)}" lang="${escapeHtml(lang)}" style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff">`
    + `<p style="${FONT}font-size:14px;font-weight:bold;color:#1864ab;margin:0 0 24px">${escapeHtml(brandName)}</p>`
    + content.blocks.map(blockHtml).join('')
    + '</div></body></html>';
  return { subject: content.subject, text, html };
}
