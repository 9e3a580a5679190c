/**
 * Where a screen hands voice guidance a status ("Added to your favorites", a failed action) without knowing whether
 * guidance is on: nothing listens while it is off.
 */
type Listener = (text: string) => void;

let listener: Listener | undefined;

export function announce(text: string): void {
  if (text !== '') listener?.(text);
}

export function onAnnounce(fn: Listener): () => void {
  listener = fn;
  return () => {
    if (listener === fn) listener = undefined;
  };
}
