import { useRouteLoaderData } from 'react-router';
import { ANONYMOUS, type Viewer } from '../../../core/auth/viewer';

/** What the root loader tells every page about signing in (see app/root.tsx). */
export interface RootAuth {
  user: Viewer;
  vkEnabled: boolean;
  /** The toll-free number of call-in sign-in, digits. */
  callInPhone: string;
  clientId: string;
  doctorLoginHref: string;
}

interface RootData {
  user?: Viewer;
  auth?: Partial<Omit<RootAuth, 'user'>>;
}

/** The root loader's `user` and `auth`, with safe defaults where a field is missing. */
export function useRootAuth(): RootAuth {
  const data = useRouteLoaderData('root') as RootData | undefined;
  return {
    user: data?.user ?? ANONYMOUS,
    vkEnabled: data?.auth?.vkEnabled ?? false,
    callInPhone: data?.auth?.callInPhone ?? '',
    clientId: data?.auth?.clientId ?? 'portal',
    doctorLoginHref: data?.auth?.doctorLoginHref ?? '/login/?kind=work',
  };
}
