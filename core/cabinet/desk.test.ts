import { describe, expect, it } from 'vitest';
import { blockEdge, blockRangeRefusal, canOverbook, canRunDesk, DESK_TEXTS, slotOfLocal } from './desk';

describe('the desk’s rules', () => {
  it('a clinic account runs its clinic’s desk (a network’s, the branch it runs); nobody else', () => {
    const admin = { userId: 1, role: 'clinic', clinicId: 5, clinicRole: 'administrator' as const };
    const desk = { ...admin, clinicRole: 'receptionist' as const };
    expect(canRunDesk(admin)).toBe(5);
    expect(canRunDesk(desk)).toBe(5);
    expect(canOverbook(admin)).toBe(true);
    // Only an administrator overbooks; a removed login (no role) has no desk at all.
    expect(canOverbook(desk)).toBe(false);
    expect(canRunDesk({ ...admin, clinicRole: null })).toBeNull();
    expect(canRunDesk({ userId: 1, role: 'clinic', clinicId: 5 })).toBeNull();
    expect(canRunDesk({ userId: 1, role: 'doctor', clinicId: null })).toBeNull();
    expect(canRunDesk({ userId: 1, role: 'patient', clinicId: null })).toBeNull();
    expect(canRunDesk({ userId: null, role: null, clinicId: 5 })).toBeNull();
    expect(canOverbook({ userId: 1, role: 'staff', clinicId: null })).toBe(false);
  });

  it('reads a form’s date and time as the booking’s slot, and a block’s edges in the clinic’s zone', () => {
    expect(slotOfLocal('2026-11-23T09:30')).toBe('23.11.2026 09:30');
    expect(slotOfLocal('23.11.2026')).toBeNull();
    expect(blockEdge('2026-11-23T10:00', 'Asia/Novosibirsk')?.toISOString()).toBe('2026-11-23T03:00:00.000Z');
    expect(blockEdge('2026-11-23T10:00:00+03:00', 'Asia/Novosibirsk')?.toISOString()).toBe(
      '2026-11-23T07:00:00.000Z',
    );
    expect(blockEdge('2026-11-23T10:00:00', 'Asia/Novosibirsk')).toBeNull();
    expect(blockEdge('завтра', 'Asia/Novosibirsk')).toBeNull();
  });

  it('a block ends after it starts and after now, and spans at most 62 days', () => {
    const now = new Date('2026-11-22T05:00:00Z');
    const at = (iso: string) => new Date(iso);
    expect(
      blockRangeRefusal({ startsAt: at('2026-11-23T03:00Z'), endsAt: at('2026-11-23T04:00Z') }, now),
    ).toBeNull();
    expect(
      blockRangeRefusal({ startsAt: at('2026-11-23T04:00Z'), endsAt: at('2026-11-23T04:00Z') }, now),
    ).toBe(DESK_TEXTS.blockOrder);
    expect(
      blockRangeRefusal({ startsAt: at('2026-11-20T04:00Z'), endsAt: at('2026-11-22T05:00Z') }, now),
    ).toBe(DESK_TEXTS.blockPast);
    expect(
      blockRangeRefusal({ startsAt: at('2026-11-23T00:00Z'), endsAt: at('2027-01-24T00:01Z') }, now),
    ).toBe(DESK_TEXTS.blockTooLong);
  });
});
