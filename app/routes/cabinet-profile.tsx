import { cabinetTitle, clinicRoleRefuses } from '../../core/cabinet/pages';
import { PERMISSION_TEXTS } from '../../core/cabinet/permissions';
import { CABINET_PROFILE_PATH, PROFILE_TEXTS } from '../../core/doctor/profile-edit';
import { CabinetPage } from '../features/cabinet/cabinet-page';
import { DocumentsEditor } from '../features/cabinet/documents-editor';
import { ProfileEditor } from '../features/cabinet/profile-editor';
import { refused } from '../lib/refused.server';
import { pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import type { ShellHandle } from '../lib/shell';
import type { Route } from './+types/cabinet-profile';

/**
 * `/cabinet/profile/` ('Мой профиль'; a clinic's 'Профили врачей'): a doctor's own profile, or (a
 * clinic, `?doctor={id}`) one of its doctors'. Another clinic's doctor is a 404; others see how to sign in.
 */
export async function loader({ url, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const { viewer } = context;
  const base = {
    origin: context.origin,
    next: `${url.pathname}${url.search}`,
    title: cabinetTitle('profile', viewer),
  };
  if ((!viewer.isDoctor && !viewer.isLpu) || clinicRoleRefuses('profile', viewer))
    return refused(viewer, {
      ...base,
      profile: null,
      documents: null,
      refusal: viewer.isLpu
        ? PERMISSION_TEXTS.refused
        : viewer.isAnonymous
          ? PROFILE_TEXTS.signIn
          : PROFILE_TEXTS.doctorsOnly,
    });
  const raw = url.searchParams.get('doctor');
  const doctor = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
  if (raw && doctor === undefined) throw new Response('Not Found', { status: 404 });
  try {
    const profile = await context.services.doctorProfiles.profile(viewer, doctor);
    // The same doctor (a clinic's first one when none is named), under the same ownership rules.
    const documents = await context.services.doctorDocuments.documents(viewer, profile.doctor.id);
    return { ...base, profile, documents, refusal: null };
  } catch (err) {
    const status = (err as { status?: number }).status;
    if (status === 404) throw new Response('Not Found', { status: 404 });
    if (status === 400) return { ...base, profile: null, documents: null, refusal: (err as Error).message };
    throw err;
  }
}

export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export const handle: ShellHandle = { width: '3xl' };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: `${loaderData?.title ?? PROFILE_TEXTS.title} — ПроДокторов`,
    description: 'Фотография, сведения о враче и его документы для его страницы.',
    canonical: `${loaderData?.origin ?? ''}${CABINET_PROFILE_PATH}`,
    noindex: true,
  }),
];

export default function CabinetProfile({ loaderData: d }: Route.ComponentProps) {
  const profile = d.profile;
  return (
    <CabinetPage title={d.title} current={CABINET_PROFILE_PATH} refusal={d.refusal} next={d.next}>
      {profile && profile.doctors.length > 0 && (
        <form method="get" className="mt-4 flex flex-wrap items-end gap-2">
          <label className="flex flex-col gap-1">
            <span className="font-medium">Врач</span>
            <select
              name="doctor"
              defaultValue={profile.doctor.id}
              className="rounded-lg border border-line bg-surface px-3 py-2"
            >
              {profile.doctors.map((doc) => (
                <option key={doc.id} value={doc.id}>
                  {doc.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="rounded-lg border border-brand px-4 py-2 font-medium text-brand">
            Показать
          </button>
        </form>
      )}
      {profile && (
        <ProfileEditor
          key={profile.doctor.id}
          initial={profile}
          documents={
            d.documents && (
              <DocumentsEditor
                initial={d.documents}
                doctorId={profile.doctors.length > 0 ? profile.doctor.id : undefined}
              />
            )
          }
        />
      )}
    </CabinetPage>
  );
}
