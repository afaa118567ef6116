import { lazy, Suspense } from 'react';
import type { ClubHowItWorksProps } from './club-how-it-works';
import type { ClubInfoModalProps } from './club-info-modal';

// The club's overlays stay out of the page's first load: each arrives on its first open.
const ClubInfoModal = lazy(() => import('./club-info-modal'));
const ClubHowItWorks = lazy(() => import('./club-how-it-works'));

export function LazyClubInfoModal(props: ClubInfoModalProps) {
  return (
    <Suspense fallback={null}>
      <ClubInfoModal {...props} />
    </Suspense>
  );
}

export function LazyClubHowItWorks(props: ClubHowItWorksProps) {
  return (
    <Suspense fallback={null}>
      <ClubHowItWorks {...props} />
    </Suspense>
  );
}
