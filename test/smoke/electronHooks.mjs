// Module hooks for the smoke test: every import of 'electron' (the built main process's and electron-store's) gets
// the stand-in, never the real package, whose binary is not here.
const standIn = new URL('./electronStandIn.mjs', import.meta.url).href;

// A system where sharp (a native module) cannot load, when the test asks for one.
const brokenSharp = `data:text/javascript,${encodeURIComponent('throw new Error("sharp: could not load the native module for this system"); export default null;')}`;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'electron') return { url: standIn, shortCircuit: true };
  if (specifier === 'sharp' && process.env.TUNEWALL_SMOKE_NO_SHARP === '1') return { url: brokenSharp, shortCircuit: true };
  return nextResolve(specifier, context);
}
