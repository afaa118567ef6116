import { useEffect, useState } from 'react';
import { clubUserData } from '../../../core/club/calls';
import type { ClubUserData } from '../../../core/club/contracts';
import { api } from '../../lib/api';
import { useViewer } from '../../lib/use-viewer';
import { onClubUpdate } from './club-events';

/** One request per page for every banner and switch that asks. */
let shared: Promise<ClubUserData | null> | null = null;

function load(): Promise<ClubUserData | null> {
  shared ??= api.send(clubUserData, {}).catch(() => {
    // A failed check shows the visitor the non-members' texts, and the next page asks again.
    shared = null;
    return null;
  });
  return shared;
}

/**
 * The signed-in patient's club state for the page's banners and switch: null until known, and
 * for visitors and work accounts (they are not in the club). Follows the widget: joining turns
 * the page to the members' texts at once.
 */
export function useClubData(): ClubUserData | null {
  const viewer = useViewer();
  const patient = !viewer.isAnonymous && viewer.isRealPatient;
  const [data, setData] = useState<ClubUserData | null>(null);
  useEffect(() => {
    if (!patient) return;
    let live = true;
    void load().then((d) => {
      if (live) setData(d);
    });
    const off = onClubUpdate((update) => {
      shared = null;
      void load().then((d) => {
        if (live)
          setData(
            d ?? {
              is_in_club: update.isInClub,
              club_card: null,
              next_club_card_price: null,
              email: null,
              last_card_end: null,
            },
          );
      });
    });
    return () => {
      live = false;
      off();
    };
  }, [patient]);
  return data;
}
