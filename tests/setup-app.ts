import { configure } from '@testing-library/react';

// `findBy…` and `waitFor` wait 1 s by default. A dialog whose code loads on first open (ADR 021)
// took longer than that on a loaded two-core machine (CI beside another run): the reconfirmation
// and favourite-button tests failed there and passed alone. A wait ends as soon as its element
// appears, so a longer limit costs a passing test nothing.
configure({ asyncUtilTimeout: 5_000 });
