import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { isWorkAccount } from '../../../core/auth/viewer';
import { clubCardRequest, clubJoin, clubUserData } from '../../../core/club/calls';
import {
  CLOSED,
  type ClubErrorData,
  type ClubVisitor,
  cleanedSearch,
  clubReturnUrl,
  clubWidgetReducer,
  errorFromRefusal,
  returnOf,
} from '../../../core/club/widget';
import { formatLongDate } from '../../../core/dates/zoned';
import { Modal } from '../../components/ui/modal';
import { api, isAborted, isApiError } from '../../lib/api';
import { useViewer } from '../../lib/use-viewer';
import { watchCardRequest } from './card-request-watch';
import { announceClubUpdate, type ClubOpenDetail, onClubOpen } from './club-events';
import { clubStepView } from './club-steps';

const HISTORY_KEY = 'clubWidget';
/** Set on the page the sign-in goes back to, so the widget reopens there and checks the club. */
export const CONFIRMED_PARAM = 'club_widget';

const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The refusal's own words when it carries button_state; any other failure gives the default error. */
function errorOf(error: unknown): ClubErrorData | undefined {
  if (isApiError(error) && error.kind === 'http') return errorFromRefusal(error.body);
  return undefined;
}

/**
 * The club card widget (docs/product/club.md): a 456 px dialog on desktop, a bottom sheet on
 * phones that only its buttons close. The steps and their order live in core/club/widget.ts;
 * this runs the calls each step asks for. Loaded on the first club click, or at once when the
 * page is the provider's return or the sign-in's.
 */
export default function ClubWidget() {
  const viewer = useViewer();
  const visitor: ClubVisitor = isWorkAccount(viewer) ? 'work' : viewer.isAnonymous ? 'anonymous' : 'patient';
  const [state, dispatch] = useReducer(clubWidgetReducer, CLOSED);
  const [opened, setOpened] = useState<ClubOpenDetail>({});
  const phone = useRef(false);
  // The price or banner that opened it: focus goes back there on close.
  const opener = useRef<HTMLElement | null>(null);

  // The page's requests to open, and a return from the provider or from the sign-in.
  useEffect(() => {
    phone.current = window.matchMedia('(max-width: 639px)').matches;
    const back = returnOf(window.location.search);
    const query = new URLSearchParams(window.location.search);
    const viaBanner = query.get('isRedirectViaBanner') === '1';
    if (back && visitor === 'patient') dispatch({ type: 'returned', ...back });
    else if (query.get(CONFIRMED_PARAM) === 'open' && visitor === 'patient')
      dispatch({ type: 'phoneConfirmed', viaBanner });
    return onClubOpen((detail) => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setOpened(detail);
      dispatch({ type: 'open', visitor, viaBanner: detail.viaBanner ?? false });
    });
  }, [visitor]);

  // Its own history entry on desktop, so Back closes it.
  useEffect(() => {
    if (!state.open) return;
    const onPop = () => {
      if (!(window.history.state as Record<string, unknown> | null)?.[HISTORY_KEY])
        dispatch({ type: 'close' });
    };
    if (!phone.current)
      window.history.pushState({ ...(window.history.state ?? {}), [HISTORY_KEY]: true }, '');
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [state.open]);

  // Closed: the page scrolls again (Radix gives it back) and the widget's parameters go.
  useEffect(() => {
    if (state.open) return;
    const search = cleanedSearch(window.location.search);
    if (search !== window.location.search && !(search === '' && window.location.search === '')) {
      window.history.replaceState(
        window.history.state,
        '',
        `${window.location.pathname}${search}${window.location.hash}`,
      );
    }
  }, [state.open]);

  // What a payment's return URL needs, read when the task starts.
  const payContext = useRef({ appointment: opened.appointment ?? null, viaBanner: state.viaBanner });
  payContext.current = { appointment: opened.appointment ?? null, viaBanner: state.viaBanner };

  // The task the step asks for; the task object changes only when the rules ask for a new one.
  const task = state.task;
  useEffect(() => {
    if (!task) return;
    const controller = new AbortController();
    const signal = controller.signal;
    const fail = (error: unknown) => {
      if (!isAborted(error)) dispatch({ type: 'failed', error: errorOf(error) });
    };
    switch (task.kind) {
      case 'loadClub':
        api.send(clubUserData, { signal }).then((data) => dispatch({ type: 'clubLoaded', data }), fail);
        break;
      case 'join':
        api.send(clubJoin, { signal }).then((card) => {
          dispatch({ type: 'joined', card });
          announceClubUpdate({ isInClub: true, cardDateEnd: card.dt_end });
        }, fail);
        break;
      case 'pay': {
        const returnUrl = clubReturnUrl(
          window.location,
          payContext.current.appointment,
          payContext.current.viaBanner,
        );
        api
          .send(clubCardRequest, { body: { return_url: returnUrl, receipt_email: task.email }, signal })
          .then((created) => {
            const url = created.provider_payment_data?.url || created.payment_credentials?.url;
            if (url) window.location.assign(url);
            else dispatch({ type: 'failed' });
          }, fail);
        break;
      }
      case 'watch':
        return watchCardRequest(
          task.cardRequestId,
          (reply) => {
            dispatch({ type: 'statusReceived', reply });
            if (reply.status === 'paid' && reply.dt_end)
              announceClubUpdate({ isInClub: true, cardDateEnd: reply.dt_end });
          },
          fail,
        );
      case 'reload':
        window.location.reload();
        break;
    }
    return () => controller.abort();
  }, [task]);

  // Confetti for a card just issued: the library arrives only then.
  useEffect(() => {
    if (!state.open || state.step !== 'paymentMade' || !state.showConfetti) return;
    let cancelled = false;
    void import('canvas-confetti').then(({ default: confetti }) => {
      if (!cancelled) void confetti({ particleCount: 120, spread: 80, origin: { y: 0.4 }, zIndex: 1100 });
    });
    return () => {
      cancelled = true;
    };
  }, [state.open, state.step, state.showConfetti]);

  const close = useCallback(() => {
    if ((window.history.state as Record<string, unknown> | null)?.[HISTORY_KEY]) window.history.back();
    dispatch({ type: 'close' });
  }, []);

  const continueTo = opened.continueTo;
  const carryOn = useCallback(() => {
    close();
    // After the dialog has given focus back, so the booking it opens keeps it.
    if (continueTo) window.setTimeout(continueTo, 0);
  }, [close, continueTo]);

  if (!state.open) return null;
  const signInNext = (() => {
    const query = new URLSearchParams(cleanedSearch(window.location.search));
    query.set(CONFIRMED_PARAM, 'open');
    if (state.viaBanner) query.set('isRedirectViaBanner', '1');
    return `${window.location.pathname}?${query.toString()}`;
  })();
  const view = clubStepView({
    state,
    discountPercent: opened.discountPercent ?? null,
    signInNext,
    formatDate: (iso) => formatLongDate(iso, zone()),
    close,
    carryOn,
    submitClubEnter: () => dispatch({ type: 'clubEnterSubmitted' }),
    submitEmail: (email) => dispatch({ type: 'emailSubmitted', email }),
    errorAction: (action) => {
      if (action === 'close') close();
      else dispatch({ type: 'errorAction', action });
    },
  });
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={view.title}
      footer={view.footer}
      mobile="sheet"
      desktop="dialog"
      width={456}
      closeIcon="desktop"
      dismissOnPhone={false}
      onCloseAutoFocus={(event) => {
        // Back to the price or banner that opened it (the dialog mounted after that click).
        const back = opener.current;
        if (back?.isConnected) {
          event.preventDefault();
          back.focus();
        }
      }}
    >
      <div data-testid="club-widget" data-step={state.step}>
        {view.body}
      </div>
    </Modal>
  );
}
