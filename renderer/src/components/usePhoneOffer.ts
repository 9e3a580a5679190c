/**
 * "Use your phone"'s pairing offer: asked of the core when the dialog opens (the PIN first where the core will ask for
 * it), asked again for a new code, and withdrawn when the dialog closes before a phone used it. A phone that pairs
 * shows up in the state's phones: the offer is then `paired` with it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CompanionOfferView, Result, UiError } from '../../../shared/bridge';
import type { PhoneView } from '../../../shared/companion';
import { childOnScreen } from '../screens/household/usePinGate';
import { useApp, useTunewall } from '../store/context';

export type PhoneOffer =
  | { status: 'asking-pin' }
  | { status: 'loading' }
  | { status: 'ready'; offer: CompanionOfferView; known: readonly string[] }
  | { status: 'failed'; error: UiError };

/** Answers the PIN dialog keeps open to say and try again. */
const PIN_ANSWERS: ReadonlySet<string> = new Set(['household.pinWrong', 'household.pinDamaged']);
const OK: Result<void> = { ok: true, value: undefined };

/** The phone that paired with `offer` since it was made (a phone of its member the state did not list then). */
export function pairedWith(offer: PhoneOffer, phones: readonly PhoneView[]): PhoneView | undefined {
  if (offer.status !== 'ready') return undefined;
  return phones.find((p) => p.memberKey === offer.offer.memberKey && !offer.known.includes(p.id));
}

export function usePhoneOffer(): { offer: PhoneOffer; request: (pin?: string) => Promise<Result<void>>; paired: PhoneView | undefined } {
  const { bridge } = useTunewall();
  const pinFirst = useApp((s) => s.state !== undefined && s.state.household.pinSet && (s.state.companion.pinRequired || childOnScreen(s.state.household)));
  const phones = useApp((s) => s.state?.companion.phones);
  const [offer, setOffer] = useState<PhoneOffer>(() => (pinFirst ? { status: 'asking-pin' } : { status: 'loading' }));
  const lastPin = useRef<string | undefined>(undefined);
  const phonesNow = useRef(phones);
  const paired = pairedWith(offer, phones ?? []);
  const outstanding = useRef(false);
  useEffect(() => {
    phonesNow.current = phones;
    outstanding.current = offer.status === 'ready' && paired === undefined;
  });

  /** Asks for an offer; the answer the PIN dialog needs: a wrong PIN keeps it open, anything else closes it. */
  const request = useCallback(
    async (pin?: string): Promise<Result<void>> => {
      if (pin !== undefined) lastPin.current = pin;
      let result: Result<CompanionOfferView>;
      try {
        result = await bridge.companionOffer(pin ?? lastPin.current);
      } catch (error) {
        result = { ok: false, error: { kind: 'unknown', message: String(error), retryable: true } };
      }
      if (result.ok) {
        setOffer({ status: 'ready', offer: result.value, known: (phonesNow.current ?? []).map((p) => p.id) });
        return OK;
      }
      const key = result.error.messageKey ?? '';
      if (key === 'household.pinNeeded') {
        setOffer({ status: 'asking-pin' });
        return result;
      }
      if (PIN_ANSWERS.has(key)) return result;
      setOffer({ status: 'failed', error: result.error });
      return OK;
    },
    [bridge],
  );

  useEffect(() => {
    if (!pinFirst) void request();
    // The offer is asked for once, as the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // Closed (or the screen left) before a phone used the code: it stops working at once.
  useEffect(
    () => () => {
      if (outstanding.current) void bridge.companionCancelOffer();
    },
    [bridge],
  );
  return { offer, request, paired };
}
