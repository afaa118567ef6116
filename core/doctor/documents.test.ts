import { describe, expect, it } from 'vitest';
import type { DoctorDocuments } from './contracts';
import { documentsView, hasVerifiedDocuments, showsVerifiedBadge } from './documents';

const none: DoctorDocuments = {
  licenseNumber: null,
  isEducationConfirmed: false,
  isCategoryConfirmed: false,
  categoryExpiresDate: null,
  isScienceConfirmed: false,
  scienceDocumentType: null,
};
const TODAY = '2026-03-01';

describe('documentsView', () => {
  it('titles the modal with the licence when there is one, else with the documents', () => {
    const licensed = documentsView({ ...none, licenseNumber: '0770001234567' }, TODAY);
    expect(licensed.title).toBe('Лицензия проверена');
    expect(licensed.licenseNumber).toBe('0770001234567');
    const plain = documentsView({ ...none, isEducationConfirmed: true }, TODAY);
    expect(plain.title).toBe('Документы проверены');
    expect(plain.licenseNumber).toBeNull();
  });

  it('lists only the confirmed documents: education, category, science', () => {
    const view = documentsView(
      {
        ...none,
        isEducationConfirmed: true,
        isCategoryConfirmed: true,
        categoryExpiresDate: '2028-01-31',
        isScienceConfirmed: true,
        scienceDocumentType: 2,
      },
      TODAY,
      'Высшая категория',
    );
    expect(view.rows).toEqual([
      { kind: 'education', title: 'Диплом о базовом образовании', note: null, tone: 'ok' },
      {
        kind: 'category',
        title: 'Сертификат: высшая категория',
        note: 'Действителен до 31.01.2028',
        tone: 'ok',
      },
      { kind: 'science', title: 'Учёная степень', note: 'Доктор медицинских наук', tone: 'ok' },
    ]);
    expect(documentsView({ ...none, isCategoryConfirmed: false }, TODAY).rows).toEqual([]);
  });

  it('marks a category certificate expired the day after its last valid day', () => {
    const docs = { ...none, isCategoryConfirmed: true, categoryExpiresDate: '2026-02-28' };
    const row = documentsView(docs, TODAY).rows[0];
    expect(row.note).toBe('Документ уже недействителен');
    expect(row.tone).toBe('expired');
    expect(documentsView(docs, '2026-02-28').rows[0].tone).not.toBe('expired');
  });

  it('warns when the certificate ends within 90 days', () => {
    const soon = documentsView(
      { ...none, isCategoryConfirmed: true, categoryExpiresDate: '2026-05-30' },
      TODAY,
    );
    expect(soon.rows[0]).toMatchObject({
      tone: 'warning',
      note: 'Действителен до 30.05.2026, скоро истекает',
    });
    const later = documentsView(
      { ...none, isCategoryConfirmed: true, categoryExpiresDate: '2026-05-31' },
      TODAY,
    );
    expect(later.rows[0].tone).toBe('ok');
  });

  it('names the three science documents', () => {
    const science = (type: number) =>
      documentsView({ ...none, isScienceConfirmed: true, scienceDocumentType: type }, TODAY).rows[0];
    expect(science(1)).toMatchObject({ title: 'Учёная степень', note: 'Кандидат медицинских наук' });
    expect(science(2)).toMatchObject({ title: 'Учёная степень', note: 'Доктор медицинских наук' });
    expect(science(3)).toMatchObject({ title: 'Учёное звание', note: 'Профессор' });
    expect(science(9)).toBeUndefined();
  });

  it('closes with “Хорошо” (no document scans are kept to link to)', () => {
    expect(documentsView(none, TODAY).closeLabel).toBe('Хорошо');
  });
});

describe('hasVerifiedDocuments', () => {
  it('is true when any document is confirmed and false when none is', () => {
    expect(hasVerifiedDocuments(none)).toBe(false);
    expect(hasVerifiedDocuments({ ...none, licenseNumber: '077' })).toBe(true);
    expect(hasVerifiedDocuments({ ...none, isCategoryConfirmed: true })).toBe(true);
    // A science confirmation without a known document type shows no row, so no badge either.
    expect(hasVerifiedDocuments({ ...none, isScienceConfirmed: true })).toBe(false);
  });
});

describe('showsVerifiedBadge', () => {
  const education = { ...none, isEducationConfirmed: true };
  it('shows the badge when every confirmed document is valid today', () => {
    expect(showsVerifiedBadge(education, TODAY)).toBe(true);
    expect(
      showsVerifiedBadge({ ...education, isCategoryConfirmed: true, categoryExpiresDate: TODAY }, TODAY),
    ).toBe(true);
    expect(showsVerifiedBadge({ ...none, licenseNumber: '077' }, TODAY)).toBe(true);
  });

  it('hides it when nothing is confirmed', () => {
    expect(showsVerifiedBadge(none, TODAY)).toBe(false);
  });

  it('hides it as soon as the modal would call a document no longer valid', () => {
    const expired = { ...education, isCategoryConfirmed: true, categoryExpiresDate: '2026-02-28' };
    expect(documentsView(expired, TODAY).rows.some((r) => r.note === 'Документ уже недействителен')).toBe(
      true,
    );
    expect(showsVerifiedBadge(expired, TODAY)).toBe(false);
    // The same certificate the day before it ended: still valid, the badge is back.
    expect(showsVerifiedBadge(expired, '2026-02-28')).toBe(true);
  });
});
