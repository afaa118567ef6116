import { useState } from 'react';
import { PROFILE_APPOINTMENTS } from '../../core/booking/urls';
import type { Profile } from '../../core/profile/contracts';
import { ClubCardPanel } from '../features/club/club-card-panel';
import { ProfileClubCardView } from '../features/profile/club-card';
import { ContactsPanel } from '../features/profile/contacts-panel';
import { DeleteProfile, DeletingNotice } from '../features/profile/delete-profile';
import { RelativesEditor } from '../features/profile/relatives-editor';
import { pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import type { ShellHandle } from '../lib/shell';
import type { Route } from './+types/profile';

/** `/profile/`: the patient's contacts, relatives, club card, notification choices and deleting the profile. */
export async function loader({ context: router, request }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const page = await context.services.profile.page(context.viewer);
  const token = new URL(request.url).searchParams.get('email_token');
  return {
    origin: context.origin,
    page,
    emailToken: token && token.length <= 64 ? token : null,
  };
}

export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export const handle: ShellHandle = { width: '3xl' };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: 'Профиль — ПроДокторов',
    description: 'Контакты, близкие, клубная карта и уведомления.',
    canonical: `${loaderData?.origin ?? ''}/profile/`,
    noindex: true,
  }),
];

export default function ProfilePage({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold sm:text-3xl">Профиль</h1>
        {d.page && (
          <a
            href={PROFILE_APPOINTMENTS}
            className="inline-flex min-h-9 items-center text-brand underline-offset-2 hover:underline"
          >
            Мои записи →
          </a>
        )}
      </div>
      {!d.page ? (
        <div className="card mt-6 p-8 text-center" role="status">
          <p className="text-lg font-semibold">Войдите, чтобы открыть профиль</p>
          <a
            href={`/login/?next=${encodeURIComponent('/profile/')}`}
            className="mt-4 inline-block rounded-lg bg-brand px-5 py-2.5 font-medium text-white hover:bg-brand-dark"
          >
            Войти
          </a>
        </div>
      ) : (
        <ProfileSections page={d.page} emailToken={d.emailToken} />
      )}
    </>
  );
}

function ProfileSections({
  page,
  emailToken,
}: {
  page: NonNullable<Route.ComponentProps['loaderData']['page']>;
  emailToken: string | null;
}) {
  const [profile, setProfile] = useState<Profile>(page.profile);
  return (
    <>
      <DeletingNotice profile={profile} onChange={setProfile} />
      <ContactsPanel profile={profile} onChange={setProfile} emailToken={emailToken} />
      <RelativesEditor initial={page.relatives} today={page.today} />
      {page.club_card ? <ProfileClubCardView card={page.club_card} /> : <ClubCardPanel />}
      <DeleteProfile profile={profile} onChange={setProfile} />
    </>
  );
}
