import { createRequire } from 'node:module';
import type { LegalDocument } from '../../../core/legal/document';

const require = createRequire(import.meta.url);
const fontFile = (subset: string, weight: number) =>
  require.resolve(`@fontsource/noto-sans/files/noto-sans-${subset}-${weight}-normal.woff`);

/**
 * The font files are subsets: Cyrillic letters (and №) in one, Latin, digits and punctuation in
 * the other. Text is written in runs, each in the file that has its characters.
 */
const CYRILLIC =
  /[\u0400-\u045F\u0490\u0491\u04B0\u04B1\u2116]+|[^\u0400-\u045F\u0490\u0491\u04B0\u04B1\u2116]+/g;

type Weight = 'regular' | 'bold';

function registerFonts(doc: PDFKit.PDFDocument) {
  for (const [weight, value] of [
    ['regular', 400],
    ['bold', 700],
  ] as const) {
    doc.registerFont(`cyrillic-${weight}`, fontFile('cyrillic', value));
    doc.registerFont(`latin-${weight}`, fontFile('latin', value));
  }
}

function write(
  doc: PDFKit.PDFDocument,
  text: string,
  weight: Weight,
  options: PDFKit.Mixins.TextOptions = {},
) {
  const runs = text.match(CYRILLIC) ?? [''];
  runs.forEach((run, i) => {
    const cyrillic = /[\u0400-\u045F\u0490\u0491\u04B0\u04B1\u2116]/.test(run);
    doc.font(`${cyrillic ? 'cyrillic' : 'latin'}-${weight}`);
    doc.text(run, { ...options, continued: i < runs.length - 1 });
  });
}

/**
 * A legal document as a PDF file: its title, edition and sections, from the same text as the pages.
 * pdfkit (with fontkit and a JavaScript brotli, some 1.6 MB of modules) loads with the first file
 * asked for, not with every server process (ADR 033).
 */
export async function renderLegalPdf(legal: LegalDocument): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: legal.title, Subject: legal.description, Author: 'ПроДокторов' },
    lang: 'ru-RU',
  });
  registerFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.fontSize(18);
  write(doc, legal.title, 'bold');
  doc.moveDown(0.3).fontSize(10);
  write(doc, `Редакция от ${legal.edition}`, 'regular');
  for (const section of legal.sections) {
    doc.moveDown(1).fontSize(13);
    write(doc, section.title, 'bold');
    doc.moveDown(0.4).fontSize(11);
    for (const block of section.blocks) {
      const items = block.kind === 'p' ? [block.text] : block.items.map((item) => `•  ${item}`);
      for (const item of items) {
        write(doc, item, 'regular', { align: 'left', indent: block.kind === 'list' ? 12 : 0 });
        doc.moveDown(0.4);
      }
    }
  }
  doc.end();
  return done;
}
