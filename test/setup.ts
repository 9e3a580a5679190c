import { vi } from 'vitest';
import failOnConsole from 'vitest-fail-on-console';

// Nothing under Node may load the real Electron (its binary is not here): every test that imports it gets the one
// fake, which behaves as Electron 45 does where Tunewall depends on it (see test/main/electron/electronMock.ts).
vi.mock('electron', () => import('./main/electron/electronMock'));

// A green run prints nothing that looks like a failure: a warning or an error on the console fails its test, and a
// test that expects one spies on it (and asserts it).
failOnConsole({ shouldFailOnWarn: true, shouldFailOnError: true });
