import { describe, expect, it } from 'vitest';
import { MistakeReportSchema } from './contracts';
import { mistakeContactError, mistakeTextError } from './mistake-report';

describe('mistakeTextError', () => {
  it('asks for a text of at least 10 characters, not counting edge spaces', () => {
    expect(mistakeTextError('')).toBe('Опишите, что не так');
    expect(mistakeTextError('   ')).toBe('Опишите, что не так');
    expect(mistakeTextError('  Неверный  ')).toBe('Опишите ошибку подробнее: не меньше 10 символов');
    expect(mistakeTextError('Неверный адрес')).toBeNull();
  });

  it('refuses a text over 2000 characters', () => {
    expect(mistakeTextError('а'.repeat(2000))).toBeNull();
    expect(mistakeTextError('а'.repeat(2001))).toBe('Слишком длинное описание: не больше 2000 символов');
  });

  it('limits the contact to 200 characters', () => {
    expect(mistakeContactError('+7 999 123-45-67')).toBeNull();
    expect(mistakeContactError('x'.repeat(201))).toBe('Контакт не длиннее 200 символов');
  });
});

describe('MistakeReportSchema', () => {
  it('takes JSON numbers or form digits and trims the texts', () => {
    expect(MistakeReportSchema.parse({ doctor_id: 7, text: '  Неверный адрес клиники ' })).toEqual({
      doctor_id: 7,
      text: 'Неверный адрес клиники',
      contact: null,
    });
    expect(
      MistakeReportSchema.parse({
        lpu_id: '12',
        doctor_id: '',
        text: 'Клиника переехала',
        contact: ' a@b.ru ',
      }),
    ).toEqual({ lpu_id: 12, text: 'Клиника переехала', contact: 'a@b.ru' });
  });

  it('needs exactly one of doctor_id and lpu_id', () => {
    const issue = (body: unknown) => MistakeReportSchema.safeParse(body).error?.issues[0].message;
    expect(issue({ text: 'Неверный адрес клиники' })).toBe('Не указан врач или клиника');
    expect(issue({ doctor_id: 1, lpu_id: 2, text: 'Неверный адрес клиники' })).toBe(
      'Не указан врач или клиника',
    );
    expect(issue({ doctor_id: 'abc', text: 'Неверный адрес клиники' })).toBe(
      'Некорректный идентификатор врача',
    );
    expect(issue({ doctor_id: 1, text: 'Коротко' })).toBe('Опишите ошибку подробнее: не меньше 10 символов');
  });
});
