import { vi } from 'vitest';

// Nothing under Node may load the real Electron (its binary is not here); tests that need it mock it themselves.
vi.mock('electron', () => {
  throw new Error('electron is not available under vitest: mock it in the test that needs it (see test/main/electron/).');
});
