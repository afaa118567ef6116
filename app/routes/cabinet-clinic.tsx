import { CABINET_PAGES, clinicRoleRefuses } from '../../core/cabinet/pages';
import { PERMISSION_TEXTS } from '../../core/cabinet/permissions';
import { ACCESSIBILITY_TEXTS } from '../../core/clinic/accessibility';
import { AccessibilityEditor } from '../features/cabinet/accessibility-editor';
import { CabinetPage } from '../features/cabinet/cabinet-page';
import { ClinicAboutEditor } from '../features/cabinet/clinic-about-editor';
import { ClinicHoursEditor } from '../features/cabinet/clinic-hours-editor';
import { ClinicMediaEditor } from '../features/cabinet/clinic-media-editor';
import { ClinicPromotionsEditor } from '../features/cabinet/clinic-promotions-editor';
import { ClinicRulesEditor } from '../features/cabinet/clinic-rules-editor';
import { refused } from '../lib/refused.server';
import { pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import type { ShellHandle } from '../lib/shell';
import type { Route } from './+types/cabinet-clinic';

/**
 * `/cabinet/clinic/`: the clinic's own page as its account edits it: about (description, phones,
 * website), working and holiday hours, promotions (from Стандарт), visiting rules, accessibility,
 * and the media: photos, videos, licences and equipment.
 */
export async function loader({ url, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const { viewer } = context;
  const base = { origin: context.origin, next: `${url.pathname}${url.search}` };
  if (!viewer.isLpu || clinicRoleRefuses('clinic', viewer)) {
    return refused(viewer, {
      ...base,
      accessibility: null,
      about: null,
      hours: null,
      promotions: null,
      rules: null,
      media: null,
      refusal: viewer.isLpu
        ? PERMISSION_TEXTS.refused
        : viewer.isDoctor
          ? ACCESSIBILITY_TEXTS.clinicOnly
          : ACCESSIBILITY_TEXTS.signIn,
    });
  }
  const page = context.services.clinicPage;
  const [accessibility, about, hours, promotions, rules, media] = await Promise.all([
    page.accessibility(viewer),
    page.about(viewer),
    page.hours(viewer),
    page.promotions(viewer),
    page.rules(viewer),
    page.media(viewer),
  ]);
  return { ...base, accessibility, about, hours, promotions, rules, media, refusal: null };
}

export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export const handle: ShellHandle = { width: '3xl' };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: `${CABINET_PAGES.clinic.title} — ПроДокторов`,
    description: 'Что клиника рассказывает о себе пациентам.',
    canonical: `${loaderData?.origin ?? ''}${CABINET_PAGES.clinic.path}`,
    noindex: true,
  }),
];

export default function CabinetClinic({ loaderData: d }: Route.ComponentProps) {
  return (
    <CabinetPage
      title={CABINET_PAGES.clinic.title}
      current={CABINET_PAGES.clinic.path}
      refusal={d.refusal}
      next={d.next}
    >
      {d.about && <ClinicAboutEditor about={d.about} />}
      {d.hours && <ClinicHoursEditor hours={d.hours} />}
      {d.promotions && <ClinicPromotionsEditor promotions={d.promotions} />}
      {d.rules && <ClinicRulesEditor rules={d.rules.rules} />}
      {d.accessibility && <AccessibilityEditor features={d.accessibility.features} />}
      {d.media && <ClinicMediaEditor media={d.media} />}
    </CabinetPage>
  );
}
