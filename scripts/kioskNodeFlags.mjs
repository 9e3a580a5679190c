// The flags Node runs the kiosk shell with, wherever it is started: `npm run kiosk`, the systemd unit and its cage
// drop-in (deploy/, which a test holds to this list), and the tests and bench that start the built shell.
//
// --max-semi-space-size=4 (MB): V8 lets the young generation of a busy process grow to 16 MB a half, and the shell's
// bursts of small answers (artwork, catalog pages, speech requests) grow it there and keep it: 33 MB of the shell's
// memory after a walk, 5 MB of it in use. Capped at 4 MB, the shell's RSS after the bench's walk fell from 138 to
// 110 MB; what the shell allocates per answer is small and short-lived, so the extra scavenges cost well under a
// millisecond each.
export const KIOSK_NODE_FLAGS = Object.freeze(['--max-semi-space-size=4']);
