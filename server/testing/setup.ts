import { restartFactorySequence } from '../db/seed/factories';

// Runs before each server and core test file. Their worker keeps its loaded modules from file
// to file (vitest.config.ts), so module-level sequences start again here.
restartFactorySequence();
