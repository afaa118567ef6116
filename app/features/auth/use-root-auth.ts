import { useRouteLoaderData } from 'react-router';
import type { AuthSettings } from '../../../core/auth/contracts';
import { ANONYMOUS, type Viewer } from '../../../core/auth/viewer';

/** What the root loader tells every page about signing in (see app/root.tsx). */
export type RootAuth = AuthSettings & { user: Viewer };

interface RootData {
  user?: Viewer;
  auth?: Partial<AuthSettings>;
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
