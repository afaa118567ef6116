import { describe, expect, it } from 'vitest';
import { clinicDoctorsUrl, clinicUrl, doctorUrl, reviewsUrl, specialityUrl } from './urls';

describe('page URLs', () => {
  it('builds doctor and clinic pages from the town slug, id and slug', () => {
    expect(doctorUrl('moskva', { id: 12, slug: 'ivanov-ivan' })).toBe('/moskva/vrach/12-ivanov-ivan/');
    expect(clinicUrl('spb', { id: 7, slug: 'zdorovie' })).toBe('/spb/lpu/7-zdorovie/');
  });

  it('builds the pages under a doctor or clinic page', () => {
    expect(reviewsUrl('/moskva/vrach/12-ivanov-ivan/')).toBe('/moskva/vrach/12-ivanov-ivan/otzivi/');
    expect(clinicDoctorsUrl('/spb/lpu/7-zdorovie/')).toBe('/spb/lpu/7-zdorovie/vrachi/');
    expect(specialityUrl('kazan', 'kardiolog')).toBe('/kazan/vrach/kardiolog/');
  });
});
