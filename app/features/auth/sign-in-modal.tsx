import type { ConfirmationFlow } from '../../../core/auth/confirmation';
import { LEGAL_URLS } from '../../../core/legal/urls';
import { Modal } from '../../components/ui/modal';
import { SignInForm } from './sign-in-form';

export interface SignInModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A same-site path to open once signed in (e.g. the page with `?addToFavourites=5`). */
  next: string;
  /** `noRegistration` where a visitor books: SMS only (phone_login). */
  flow?: Extract<ConfirmationFlow, 'patient' | 'noRegistration'>;
}

/**
 * 'Войдите, чтобы продолжить': the phone sign-in for features that need an
 * account — reviews, booking, favourites. A 360 px dialog on desktop, a bottom sheet on phones.
 */
export function SignInModal({ open, onOpenChange, next, flow = 'patient' }: SignInModalProps) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Войдите, чтобы продолжить"
      mobile="sheet"
      desktop="dialog"
      width={360}
    >
      {open && <SignInForm next={next} flow={flow} autoFocus />}
      <ConsentNote />
    </Modal>
  );
}

/**
 * The consent line under every sign-in form: the terms and the privacy policy, and where the
 * sign-in leads to writing a review, the review publishing policy too.
 */
export function ConsentNote({ publishing = false }: { publishing?: boolean }) {
  return (
    <p className="mt-4 text-xs text-muted" data-testid="consent-note">
      Продолжая, вы соглашаетесь с{' '}
      <a href={LEGAL_URLS.terms} className="text-brand underline">
        пользовательским соглашением
      </a>
      {publishing ? ', ' : ' и '}
      <a href={LEGAL_URLS.privacy} className="text-brand underline">
        политикой конфиденциальности
      </a>
      {publishing && (
        <>
          {' '}
          и{' '}
          <a href={LEGAL_URLS.publishing} className="text-brand underline">
            политикой публикации отзывов
          </a>
        </>
      )}
      .
    </p>
  );
}
