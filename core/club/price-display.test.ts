import { describe, expect, it } from 'vitest';
import { initialClubSwitch, shownClubPrice, withClubSwitch } from './price-display';

describe('club price display', () => {
  it('shows a club price only for a clinic in the club and a priced line', () => {
    expect(shownClubPrice(true, 1750)).toBe(1750);
    expect(shownClubPrice(true, 0)).toBe(0);
    expect(shownClubPrice(false, 1750)).toBeNull();
    expect(shownClubPrice(true, null)).toBeNull();
  });

  it('rewrites a price link with the switch, keeping its query and hash', () => {
    expect(withClubSwitch('/moskva/uslugi/mrt/', true)).toBe('/moskva/uslugi/mrt/?club_switch_on=1');
    expect(withClubSwitch('/moskva/uslugi/mrt/?page=2#top', true)).toBe(
      '/moskva/uslugi/mrt/?page=2&club_switch_on=1#top',
    );
    expect(withClubSwitch('/x/?club_switch_on=1&page=2', false)).toBe('/x/?club_switch_on=0&page=2');
  });

  it('starts on unless the link turned it off', () => {
    expect(initialClubSwitch('')).toBe(true);
    expect(initialClubSwitch('?club_switch_on=1')).toBe(true);
    expect(initialClubSwitch('?club_switch_on=0')).toBe(false);
  });
});
