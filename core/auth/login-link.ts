/** Where work accounts sign in by default: the same phone form, titled for them. */
export const WORK_LOGIN_PATH = '/login/?kind=work';
/** The header's and chooser's doctor login link: a redirect decided per visitor, so pages stay cacheable. */
export const DOCTOR_LOGIN_LINK = '/login/doctor/';

/**
 * The doctor login rule (docs/product/sign-in.md): with the document site on, doctors and clinics
 * sign in there — except from the office, whose staff use the portal's own form.
 */
export function doctorLoginTarget(input: { documentSiteUrl: string | null; fromOffice: boolean }): string {
  return input.documentSiteUrl && !input.fromOffice ? input.documentSiteUrl : WORK_LOGIN_PATH;
}
