// The flags Node runs the kiosk shell with, wherever it is started: `npm run kiosk`, the systemd unit and its cage
// drop-in (deploy/, which a test holds to this list), and the tests and bench that start the built shell.
//
// --max-semi-space-size=4 (MB): V8 lets the young generation of a busy process grow to 16 MB a half, and the shell's
// bursts of small answers (artwork, catalog pages, speech requests) grow it there and keep it: 33 MB of the shell's
// memory after a walk, 5 MB of it in use. Capped at 4 MB, the shell's RSS after the bench's walk fell from 138 to
// 110 MB; what the shell allocates per answer is small and short-lived, so the extra scavenges cost well under a
// millisecond each.
//
// --optimize-for-size: V8 sizes the old generation for a device short of memory (grows it by less, gives pages back
// sooner). After the bench's walk the shell's heap holds 21 MB of live objects (8 MB code and bytecode, 5.5 MB strings,
// 3 MB of them its own module sources) in 57–65 MB of anonymous memory; with the flag 43–52 MB, and the shell's RSS
// with voice guidance's Japanese dictionary loaded 138–146 MB against 145–154 (three runs each of the bench's memory
// part). It costs the shell CPU: 2.0–2.2 s over start and walk against 1.7–1.8 s, the collections it does more often.
export const KIOSK_NODE_FLAGS = Object.freeze(['--max-semi-space-size=4', '--optimize-for-size']);
