/**
 * The '.ics' file of a booked visit (RFC 5545): one VEVENT in UTC, so every calendar app shows
 * it at the right local time whatever the phone's zone. Lines are folded at 75 octets.
 */
export interface IcsEvent {
  uid: string;
  startsAt: Date;
  endsAt: Date;
  summary: string;
  location: string;
  description: string;
  /** When the file was made (DTSTAMP). */
  stamp: Date;
  /** A cancelled visit: the calendar app is told to remove the event it has under this UID. */
  canceled?: boolean;
  /** Moves of the visit so far: a moved visit's file replaces the one imported before. */
  sequence?: number;
  /** The event's link (an online visit's room). */
  url?: string;
}

const utc = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** TEXT values escape backslash, semicolon, comma and newlines. */
export function escapeIcsText(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Folds a content line into 75-octet pieces without splitting a UTF-8 character. */
export function foldIcsLine(line: string): string {
  const encoder = new TextEncoder();
  const pieces: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const n = encoder.encode(ch).length;
    // Continuation lines start with a space, which counts towards their 75.
    const limit = pieces.length === 0 ? 75 : 74;
    if (size + n > limit) {
      pieces.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += n;
  }
  pieces.push(current);
  return pieces.join('\r\n ');
}

/**
 * The file. A booked visit is published (CONFIRMED, a reminder 2 h before; SEQUENCE counts its
 * moves, so a moved visit's file replaces the old one); a cancelled one is a CANCEL of the same
 * UID with a SEQUENCE one higher and STATUS:CANCELLED (RFC 5546), so a calendar that imported the
 * visit removes it.
 */
export function icsFile(event: IcsEvent): string {
  const canceled = event.canceled === true;
  const alarm = [
    'BEGIN:VALARM',
    'TRIGGER:-PT2H',
    'ACTION:DISPLAY',
    `DESCRIPTION:${escapeIcsText(event.summary)}`,
    'END:VALARM',
  ];
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//ProDoctorov//Booking//RU',
    'CALSCALE:GREGORIAN',
    canceled ? 'METHOD:CANCEL' : 'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${(event.sequence ?? 0) + (canceled ? 1 : 0)}`,
    canceled ? 'STATUS:CANCELLED' : 'STATUS:CONFIRMED',
    `DTSTAMP:${utc(event.stamp)}`,
    `DTSTART:${utc(event.startsAt)}`,
    `DTEND:${utc(event.endsAt)}`,
    `SUMMARY:${escapeIcsText(canceled ? `Отменено: ${event.summary}` : event.summary)}`,
    `LOCATION:${escapeIcsText(event.location)}`,
    // A URI value, not TEXT: written as it is.
    ...(event.url ? [`URL:${event.url}`] : []),
    `DESCRIPTION:${escapeIcsText(event.description)}`,
    ...(canceled ? [] : alarm),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}
