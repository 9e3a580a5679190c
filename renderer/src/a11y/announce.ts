/**
 * Where a screen hands voice guidance a status ("Added to your favorites", a failed action) without knowing whether
 * guidance is on: nothing listens while it is off. `about`: the catalog text the status is about (the track just added),
 * said before it in its catalog's language.
 */
type Listener = (text: string, about: string | undefined) => void;

let listener: Listener | undefined;

export function announce(text: string, about?: string): void {
  if (text !== '') listener?.(text, about === '' ? undefined : about);
}

export function onAnnounce(fn: Listener): () => void {
  listener = fn;
  return () => {
    if (listener === fn) listener = undefined;
  };
}
