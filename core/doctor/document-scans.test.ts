import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_KINDS,
  DOCUMENT_MARKS,
  documentContentType,
  documentStatusText,
  isPdf,
} from './document-scans';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('document scans', () => {
  it('maps each kind to the mark the doctor page reads', () => {
    expect(DOCUMENT_KINDS.map((k) => DOCUMENT_MARKS[k])).toEqual([
      'educationConfirmed',
      'categoryConfirmed',
      'scienceConfirmed',
    ]);
  });

  it('tells a PDF by its header only', () => {
    expect(isPdf(bytes('%PDF-1.7\n%âãÏÓ\n1 0 obj'))).toBe(true);
    expect(isPdf(bytes('%PDF-'))).toBe(true);
    expect(isPdf(bytes('%PDF'))).toBe(false);
    expect(isPdf(bytes(' %PDF-1.4'))).toBe(false);
    expect(isPdf(bytes('<html>%PDF-1.4'))).toBe(false);
    expect(isPdf(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe(false);
    expect(isPdf(new Uint8Array())).toBe(false);
  });

  it('serves only names the store gives, as PDF or WebP', () => {
    const hash = '0123456789abcdef0123456789abcdef';
    expect(documentContentType(`${hash}.pdf`)).toBe('application/pdf');
    expect(documentContentType(`${hash}.webp`)).toBe('image/webp');
    expect(documentContentType(`${hash}.html`)).toBeNull();
    expect(documentContentType(`../${hash}.pdf`)).toBeNull();
    expect(documentContentType(`${hash.toUpperCase()}.pdf`)).toBeNull();
  });

  it('words each status as the doctor reads it', () => {
    expect(documentStatusText('pending', null)).toBe('На проверке');
    expect(documentStatusText('accepted', null)).toBe('Принят');
    expect(documentStatusText('rejected', 'Скан нечитаем')).toBe('Отклонён: Скан нечитаем');
    expect(documentStatusText('rejected', null)).toBe('Отклонён');
    expect(documentStatusText('withdrawn', null)).toBe('Отозван');
  });
});
