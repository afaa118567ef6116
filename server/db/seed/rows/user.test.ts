import { describe, expect, it } from 'vitest';
import { SOFTWARE_VERSIONS } from '../../../../core/directory/software-version';
import { SIZES } from '../sizes';
import { CLINIC_ACCOUNT_VERSIONS, DOCTOR_ACCOUNT_VERSIONS } from './user';

describe('the demo accounts’ software versions', () => {
  it('give every level to a doctor and to a clinic account, Ультима included, within the server’s data set', () => {
    for (const versions of [DOCTOR_ACCOUNT_VERSIONS, CLINIC_ACCOUNT_VERSIONS]) {
      for (const v of SOFTWARE_VERSIONS) expect(versions).toContain(v);
      expect(versions).toContain(null);
    }
    expect(DOCTOR_ACCOUNT_VERSIONS.length).toBeLessThanOrEqual(SIZES.small.doctorAccounts);
    expect(CLINIC_ACCOUNT_VERSIONS.length).toBeLessThanOrEqual(SIZES.small.clinicAccounts);
    // The accounts e2e scenarios sign in as keep their levels.
    expect(DOCTOR_ACCOUNT_VERSIONS.slice(0, 3)).toEqual(['STANDARD', 'LIGHT', null]);
    expect(CLINIC_ACCOUNT_VERSIONS.slice(0, 3)).toEqual(['PRO', 'LIGHT', null]);
  });
});
