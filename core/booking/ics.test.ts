import { describe, expect, it } from 'vitest';
import { escapeIcsText, foldIcsLine, icsFile } from './ics';

describe('icsFile', () => {
  const file = icsFile({
    uid: 'appointment-7@prodoctorov',
    startsAt: new Date('2026-11-23T06:30:00Z'),
    endsAt: new Date('2026-11-23T07:00:00Z'),
    summary: 'Приём: Иванова Анна Петровна, терапевт',
    location: 'Клиника «Здоровье», ул. Ленина, 5',
    description: 'Отменить: https://example.ru/x',
    stamp: new Date('2026-11-22T10:00:00.123Z'),
  });

  it('publishes a booked visit with a reminder; a cancelled one cancels the same event', () => {
    expect(file).toContain('METHOD:PUBLISH\r\n');
    expect(file).toContain('UID:appointment-7@prodoctorov\r\nSEQUENCE:0\r\nSTATUS:CONFIRMED\r\n');
    expect(file).toContain('TRIGGER:-PT2H');
    const canceled = icsFile({
      uid: 'appointment-7@prodoctorov',
      startsAt: new Date('2026-11-23T06:30:00Z'),
      endsAt: new Date('2026-11-23T07:00:00Z'),
      summary: 'Приём',
      location: 'Клиника',
      description: '',
      stamp: new Date('2026-11-22T10:00:00Z'),
      canceled: true,
    });
    expect(canceled).toContain('METHOD:CANCEL\r\n');
    expect(canceled).toContain('UID:appointment-7@prodoctorov\r\nSEQUENCE:1\r\nSTATUS:CANCELLED\r\n');
    expect(canceled).toContain('SUMMARY:Отменено: Приём\r\n');
    expect(canceled).not.toContain('VALARM');
  });

  it('gives an online visit its room as the place and the link; other visits have no URL', () => {
    const online = icsFile({
      uid: 'appointment-8@prodoctorov',
      startsAt: new Date('2026-11-23T06:30:00Z'),
      endsAt: new Date('2026-11-23T07:00:00Z'),
      summary: 'Приём',
      location: 'https://example.ru/appointment/8/online/',
      url: 'https://example.ru/appointment/8/online/',
      description: '',
      stamp: new Date('2026-11-22T10:00:00Z'),
    });
    expect(online).toContain(
      'LOCATION:https://example.ru/appointment/8/online/\r\nURL:https://example.ru/appointment/8/online/\r\n',
    );
    expect(file).not.toContain('URL:');
  });

  it('gives the visit in UTC with CRLF lines', () => {
    expect(file).toContain('DTSTART:20261123T063000Z\r\n');
    expect(file).toContain('DTEND:20261123T070000Z\r\n');
    expect(file).toContain('DTSTAMP:20261122T100000Z\r\n');
    expect(file.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(file.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('escapes commas and semicolons in text', () => {
    expect(escapeIcsText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    expect(file).toContain('LOCATION:Клиника «Здоровье»\\, ул. Ленина\\, 5');
  });

  it('folds long lines at 75 octets without splitting a letter', () => {
    const line = `SUMMARY:${'Я'.repeat(100)}`;
    const folded = foldIcsLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(new TextEncoder().encode(p).length).toBeLessThanOrEqual(75);
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
  });
});
