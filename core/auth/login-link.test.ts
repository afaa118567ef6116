import { describe, expect, it } from 'vitest';
import { doctorLoginTarget, WORK_LOGIN_PATH } from './login-link';

describe('doctorLoginTarget', () => {
  const documentSiteUrl = 'https://docs.example.ru/login/';

  it('sends doctors to the document site when it is on and they are not in the office', () => {
    expect(doctorLoginTarget({ documentSiteUrl, fromOffice: false })).toBe(documentSiteUrl);
  });

  it('keeps office visitors on the portal’s own form', () => {
    expect(doctorLoginTarget({ documentSiteUrl, fromOffice: true })).toBe(WORK_LOGIN_PATH);
  });

  it('uses the portal’s form when the document site is off', () => {
    expect(doctorLoginTarget({ documentSiteUrl: null, fromOffice: false })).toBe(WORK_LOGIN_PATH);
  });
});
