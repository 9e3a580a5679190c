import { useEffect } from 'react';
import { useTunewall } from '../store/context';
import { intents } from './intents';

/** Back leaves the screen on top of the navigation stack: Settings, a detail page, and either while its code loads. */
export function useBackPops(): void {
  const { nav } = useTunewall();
  useEffect(() => intents.on('back', () => nav.getState().pop()), [nav]);
}
