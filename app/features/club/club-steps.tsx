import { type FormEvent, type ReactNode, useId, useState } from 'react';
import {
  clubDiscountText,
  clubEnterSubmitText,
  CLUB_SCREEN_TEXTS as T,
  untilText,
} from '../../../core/club/texts';
import type { ClubErrorAction, ClubWidgetState } from '../../../core/club/widget';
import { isValidClubEmail } from '../../../core/club/widget';
import { LEGAL_URLS } from '../../../core/legal/urls';
import { formatRub } from '../../../core/money/money';
import { BUTTON_VARIANTS, Button } from '../../components/ui/button';
import { SignInForm } from '../auth/sign-in-form';

export interface ClubStepHandlers {
  close: () => void;
  /** 'Продолжить' after joining: closes, then carries on to what the price click was for. */
  carryOn: () => void;
  submitClubEnter: () => void;
  submitEmail: (email: string) => void;
  errorAction: (action: ClubErrorAction | string) => void;
}

export interface ClubStepProps extends ClubStepHandlers {
  state: ClubWidgetState;
  /** The clinic's service discount, when the page knows it. */
  discountPercent: number | null;
  /** Where the embedded sign-in leads: this page, reopening the widget. */
  signInNext: string;
  /** '25 мая 2027' of the card's end, in the visitor's zone. */
  formatDate: (iso: string) => string;
}

/** One step of the widget: its title, body and buttons, drawn into the modal by the widget. */
export interface StepView {
  title: string;
  body: ReactNode;
  footer?: ReactNode;
}

export function clubStepView(props: ClubStepProps): StepView {
  const { state } = props;
  switch (state.step) {
    case 'confirmation':
      return {
        title: T.confirmationTitle,
        body: <SignInForm next={props.signInNext} autoFocus />,
        footer: (
          <Button variant="secondary" onClick={props.close}>
            {state.viaBanner ? T.confirmationCancelBanner : T.confirmationCancel}
          </Button>
        ),
      };
    case 'preloaderText':
      return { title: T.checking, body: <Preloader text={T.checking} /> };
    case 'preloaderOnly':
      return { title: 'Загрузка...', body: <Preloader /> };
    case 'clubEnter':
      return clubEnterView(props);
    case 'emailEnter':
      return { title: T.emailTitle, body: <EmailForm onSubmit={props.submitEmail} onCancel={props.close} /> };
    case 'paymentMade':
      return paymentMadeView(props);
    case 'error':
      return errorView(props);
  }
}

function Preloader({ text }: { text?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex flex-col items-center gap-3 py-8">
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-brand-soft border-t-brand"
      />
      {text ? <p className="text-ink-soft">{text}</p> : <span className="sr-only">Загрузка...</span>}
    </div>
  );
}

function clubEnterView({ state, discountPercent, submitClubEnter, close }: ClubStepProps): StepView {
  const price = state.club?.cardNextPrice ?? null;
  const submitText = clubEnterSubmitText(price);
  return {
    title: T.notInClub,
    body: (
      <div className="space-y-4" data-testid="club-enter">
        <p className="text-ink-soft">{clubDiscountText(discountPercent)}</p>
        <div className="flex items-center justify-between gap-3 rounded-[var(--radius-card)] border border-line p-4">
          <span className="font-medium">{T.cardOffer}</span>
          {price === null ? <GiftIcon /> : <span className="font-semibold">{formatRub(price)}</span>}
        </div>
        <p className="text-xs text-muted" data-testid="club-consent">
          Нажимая «{submitText}», вы соглашаетесь с{' '}
          <a href={LEGAL_URLS.privacy} className="text-brand underline">
            политикой конфиденциальности
          </a>
          ,{' '}
          <a href={LEGAL_URLS.terms} className="text-brand underline">
            пользовательским соглашением
          </a>
          ,{' '}
          <a href={LEGAL_URLS['club-offer']} className="text-brand underline" target="_blank" rel="noopener">
            офертой на покупку купона
          </a>{' '}
          и{' '}
          <a href={LEGAL_URLS['club-rules']} className="text-brand underline" target="_blank" rel="noopener">
            правилами клуба
          </a>
          .
        </p>
      </div>
    ),
    footer: (
      <>
        <Button variant="secondary" onClick={close}>
          {T.cancel}
        </Button>
        <Button onClick={submitClubEnter}>{submitText}</Button>
      </>
    ),
  };
}

function GiftIcon() {
  return (
    <svg role="img" aria-label="В подарок" viewBox="0 0 24 24" className="size-7 text-brand" fill="none">
      <title>В подарок</title>
      <path
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
        d="M4 11h16v9H4zM3 7h18v4H3zM12 7v13M12 7C10 3 6.5 4 7.5 6.2 8.2 7.6 12 7 12 7zm0 0c2-4 5.5-3 4.5-.8C15.8 7.6 12 7 12 7z"
      />
    </svg>
  );
}

/** 'Введите Email': the receipt address, checked as it is typed; 'Отправить' only for a valid one. */
export function EmailForm({
  onSubmit,
  onCancel,
}: {
  onSubmit: (email: string) => void;
  onCancel: () => void;
}) {
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const ids = { input: useId(), error: useId() };
  const valid = isValidClubEmail(email);
  const showError = touched && email.trim() !== '' && !valid;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) onSubmit(email.trim());
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <p className="text-ink-soft">{T.emailSubtitle}</p>
      <label htmlFor={ids.input} className="block text-sm font-medium">
        {T.emailLabel}
      </label>
      <input
        id={ids.input}
        type="email"
        inputMode="email"
        autoComplete="email"
        // biome-ignore lint/a11y/noAutofocus: the only field of the step the patient came to fill
        autoFocus
        maxLength={254}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        onBlur={() => setTouched(true)}
        aria-invalid={showError}
        aria-describedby={showError ? ids.error : undefined}
        className="w-full rounded-lg border border-line px-3 py-2 outline-none focus:border-brand aria-[invalid=true]:border-error"
      />
      {showError && (
        <p id={ids.error} role="alert" className="text-sm text-error">
          {T.emailInvalid}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2 pt-2">
        <Button variant="secondary" onClick={onCancel}>
          {T.cancel}
        </Button>
        <Button type="submit" disabled={!valid}>
          {T.send}
        </Button>
      </div>
    </form>
  );
}

function paymentMadeView({ state, close, carryOn, formatDate }: ClubStepProps): StepView {
  const club = state.club;
  return {
    title: T.inClub,
    body: (
      <div className="space-y-3 text-center" data-testid="club-payment-made">
        <svg aria-hidden="true" viewBox="0 0 48 48" className="mx-auto size-12 text-success" fill="none">
          <circle cx="24" cy="24" r="22" className="fill-success-soft" />
          <path
            d="M14 25l7 7 13-15"
            stroke="currentColor"
            strokeWidth="3.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        {club?.cardDateEnd && (
          <p className="text-lg font-semibold">{untilText(formatDate(club.cardDateEnd))}</p>
        )}
        <p className="text-ink-soft">{T.inClubHint}</p>
      </div>
    ),
    footer: state.viaBanner ? (
      <>
        {club?.cardMtLink && (
          <a href={club.cardMtLink} className={BUTTON_VARIANTS.secondary}>
            {T.openCard}
          </a>
        )}
        <Button onClick={close}>{T.great}</Button>
      </>
    ) : (
      <Button onClick={carryOn}>{T.continue}</Button>
    ),
  };
}

function errorView({ state, errorAction }: ClubStepProps): StepView {
  const error = state.error;
  const { submit, cancel } = error?.buttonState ?? { submit: null, cancel: null };
  return {
    title: error?.title ?? '',
    body: (
      <div className="flex flex-col items-center gap-3 text-center" data-testid="club-error">
        <span
          aria-hidden="true"
          className="flex size-12 items-center justify-center rounded-full bg-error-soft text-2xl font-bold text-error"
        >
          !
        </span>
        {error?.message && <p className="text-ink-soft">{error.message}</p>}
      </div>
    ),
    footer:
      submit || cancel ? (
        <>
          {cancel && (
            <Button variant="secondary" onClick={() => errorAction(cancel.action)}>
              {cancel.text}
            </Button>
          )}
          {submit && <Button onClick={() => errorAction(submit.action)}>{submit.text}</Button>}
        </>
      ) : undefined,
  };
}
