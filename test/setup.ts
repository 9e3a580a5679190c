import { vi } from 'vitest';
import failOnConsole from 'vitest-fail-on-console';

// Nothing under Node may load the real Electron (its binary is not here); tests that need it mock it themselves.
vi.mock('electron', () => {
  throw new Error('electron is not available under vitest: mock it in the test that needs it (see test/main/electron/).');
});

// A green run prints nothing that looks like a failure: a warning or an error on the console fails its test, and a
// test that expects one spies on it (and asserts it).
failOnConsole({ shouldFailOnWarn: true, shouldFailOnError: true });
