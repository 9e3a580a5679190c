// A setup file (vitest.config.ts): renderer tests wait for states (findBy*, waitFor), which end the moment the state is
// reached. Testing Library's one second is a guess at the machine's speed: a screen's first render on two busy cores
// (its module transformed on first import, React's first run) takes longer. This is the ceiling of such a wait, not a
// pace; no test sleeps. Files that run under Node, without a document, are left alone.
export const STATE_WAIT_MS = 10_000;

if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: STATE_WAIT_MS });
}
