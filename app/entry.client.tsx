import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

// React Router's default client entry, kept in the app: the dev server serves files only from
// inside the project, and a checkout whose node_modules is a link to another tree would
// otherwise ask for the default one from outside it (and never hydrate).
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
