/**
 * How club prices show (docs/product/club.md, 'How it shows'): only for a clinic in the club and
 * a line with a club price; the club switch picks which price leads, and the page a price links
 * to opens with the same choice (club_switch_on).
 */

/** A club price to show: the clinic is in the club and the line has one. */
export function shownClubPrice(clubEnabled: boolean, clubPrice: number | null): number | null {
  return clubEnabled && typeof clubPrice === 'number' ? clubPrice : null;
}

/** The link with club_switch_on=1 or 0 as the switch stands (off must travel: on is the default); the hash kept. */
export function withClubSwitch(href: string, on: boolean): string {
  const hashAt = href.indexOf('#');
  const hash = hashAt >= 0 ? href.slice(hashAt) : '';
  const base = hashAt >= 0 ? href.slice(0, hashAt) : href;
  const queryAt = base.indexOf('?');
  const path = queryAt >= 0 ? base.slice(0, queryAt) : base;
  const query = new URLSearchParams(queryAt >= 0 ? base.slice(queryAt + 1) : '');
  query.set('club_switch_on', on ? '1' : '0');
  const rest = query.toString();
  return `${path}${rest ? `?${rest}` : ''}${hash}`;
}

/** The switch's state on arrival: the link's choice, else on (the club tab leads on a clinic page). */
export function initialClubSwitch(search: string): boolean {
  return new URLSearchParams(search).get('club_switch_on') !== '0';
}
