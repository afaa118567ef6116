import { formatLongDate } from '../../../core/dates/zoned';
import { escapeHtml } from '../../../core/text/html';

export interface LicenceRecord {
  number: string;
  issuedAt: string;
  authority: string;
  clinicName: string;
  street: string;
  house: string;
  town: string;
}

const WIDTH = 600;
const HEIGHT = 840;
/** Characters per line at the body font size: enough for the longest authority names in 3 lines. */
const LINE_CHARS = 46;

/** Greedy word wrap for SVG text, which has no wrapping of its own. */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A licence drawn from its register record, the image the licence gallery shows for a licence
 * whose scan the clinic has not uploaded: number, date, holder, address and authority.
 */
export function renderLicenceSvg(l: LicenceRecord): string {
  let y = 250;
  const rows: string[] = [];
  const block = (label: string, value: string) => {
    rows.push(`<text x="60" y="${y}" class="label">${escapeHtml(label)}</text>`);
    y += 30;
    for (const line of wrapWords(value, LINE_CHARS)) {
      rows.push(`<text x="60" y="${y}" class="value">${escapeHtml(line)}</text>`);
      y += 28;
    }
    y += 22;
  };
  block('Выдана', l.clinicName);
  block('Адрес места осуществления деятельности', `${l.town}, ${l.street}, ${l.house}`);
  block('Лицензирующий орган', l.authority);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="Лицензия № ${escapeHtml(l.number)}">
<style>text{font-family:'Times New Roman',Georgia,serif;fill:#1f2937}.title{font-size:40px;font-weight:700;letter-spacing:6px}.sub{font-size:20px}.label{font-size:16px;fill:#6b7280}.value{font-size:21px}</style>
<rect width="${WIDTH}" height="${HEIGHT}" fill="#fffdf6"/>
<rect x="20" y="20" width="${WIDTH - 40}" height="${HEIGHT - 40}" fill="none" stroke="#b8a46a" stroke-width="4"/>
<rect x="32" y="32" width="${WIDTH - 64}" height="${HEIGHT - 64}" fill="none" stroke="#b8a46a" stroke-width="1"/>
<text x="${WIDTH / 2}" y="110" text-anchor="middle" class="title">ЛИЦЕНЗИЯ</text>
<text x="${WIDTH / 2}" y="150" text-anchor="middle" class="sub">№ ${escapeHtml(l.number)} от ${escapeHtml(formatLongDate(l.issuedAt, 'UTC'))} г.</text>
<text x="${WIDTH / 2}" y="185" text-anchor="middle" class="sub">на осуществление медицинской деятельности</text>
${rows.join('\n')}
<circle cx="${WIDTH - 130}" cy="${HEIGHT - 130}" r="60" fill="none" stroke="#1e6fd9" stroke-opacity="0.5" stroke-width="3"/>
<circle cx="${WIDTH - 130}" cy="${HEIGHT - 130}" r="48" fill="none" stroke="#1e6fd9" stroke-opacity="0.5" stroke-width="1"/>
</svg>`;
}
