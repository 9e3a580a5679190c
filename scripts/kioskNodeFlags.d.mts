// Types of kioskNodeFlags.mjs, for the tests and bench that start the shell.
export const KIOSK_NODE_FLAGS: readonly string[];
