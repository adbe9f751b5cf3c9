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
  | { type: 'note'; text: string }
  /** A table of text cells (a report's lines); the caption says what it lists. */
  | { type: 'table'; caption: string; head: string[]; rows: string[][] }
  /** A small horizontal bar chart (inline SVG in HTML, "label: value" lines in text). */
  | { type: 'bars'; caption: string; items: Array<{ label: string; value: number }> }
  /** A small link below the rest (a notice's unsubscribe link): a plain link in HTML, "label: url" in text. */
  | { type: 'link'; label: string; url: string };

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
    case 'link':
      return `${block.label}: ${checkUrl(block.url)}`;
    case 'code':
      return `    ${block.value}`;
    case 'table':
      return [block.caption, block.head.join(' | '), ...block.rows.map((r) => r.join(' | '))].join('\n');
    case 'bars':
      return [block.caption, ...block.items.map((i) => `${i.label}: ${i.value}`)].join('\n');
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
    case 'table':
      return tableHtml(block);
    case 'bars':
      return barsHtml(block);
    case 'link':
      return `<p style="${FONT}font-size:13px;line-height:1.5;margin:8px 0 0"><a href="${escapeHtml(checkUrl(block.url))}" style="color:#1864ab">${escapeHtml(block.label)}</a></p>`;
    default: {
      const exhaustive: never = block;
      return exhaustive;
    }
  }
}

const CELL = `${FONT}font-size:13px;padding:4px 8px;border-bottom:1px solid #dee2e6;text-align:left`;

function tableHtml(block: Extract<Block, { type: 'table' }>): string {
  const head = block.head.map((h) => `<th scope="col" style="${CELL}">${escapeHtml(h)}</th>`).join('');
  const rows = block.rows.map((r) => `<tr>${r.map((c) => `<td style="${CELL}">${escapeHtml(c)}</td>`).join('')}</tr>`).join('');
  return `<table style="border-collapse:collapse;width:100%;margin:0 0 24px"><caption style="${FONT}font-size:15px;font-weight:bold;text-align:left;padding:0 0 8px">`
    + `${escapeHtml(block.caption)}</caption><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
}

/** Bars scaled to the largest value; numbers only reach the SVG's geometry, text only through escapeHtml. */
function barsHtml(block: Extract<Block, { type: 'bars' }>): string {
  const [labelWidth, barWidth, row] = [180, 300, 24];
  const max = Math.max(1, ...block.items.map((i) => (Number.isFinite(i.value) ? i.value : 0)));
  const bars = block.items.map((item, n) => {
    const value = Number.isFinite(item.value) ? Math.max(0, item.value) : 0;
    const width = Math.round((value / max) * barWidth);
    const y = n * row;
    return `<text x="0" y="${y + 16}" font-family="Arial,Helvetica,sans-serif" font-size="12" fill="#1a1b1e">${escapeHtml(item.label.slice(0, 28))}</text>`
      + `<rect x="${labelWidth}" y="${y + 4}" width="${width}" height="16" fill="#1864ab"></rect>`
      + `<text x="${labelWidth + width + 6}" y="${y + 16}" font-family="Arial,Helvetica,sans-serif" font-size="12" fill="#1a1b1e">${value}</text>`;
  }).join('');
  const height = Math.max(row, block.items.length * row);
  return `<p style="${FONT}font-size:15px;font-weight:bold;margin:0 0 8px">${escapeHtml(block.caption)}</p>`
    + `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${escapeHtml(block.caption)}" width="520" height="${height}" viewBox="0 0 520 ${height}" style="margin:0 0 24px;max-width:100%">${bars}</svg>`;
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

/** The unsubscribe link at the foot of a notification e-mail (decision 0072), when it has one. */
export function unsubscribeBlock(unsubscribeUrl: string | null | undefined, language: 'en' | 'es'): Block[] {
  if (!unsubscribeUrl) return [];
  return [{ type: 'link', label: language === 'es' ? 'No recibir más correos como este' : 'Stop e-mails like this one', url: unsubscribeUrl }];
}
