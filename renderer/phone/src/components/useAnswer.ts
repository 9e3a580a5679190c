/** One call's answer as state: loading, its value, or its problem with a way to ask again. */
import { useCallback, useEffect, useState } from 'react';
import type { Answer, Problem } from '../api/client';

export type Loaded<T> = { state: 'loading' } | { state: 'ok'; value: T } | { state: 'failed'; problem: Problem };

export function useAnswer<T>(ask: () => Promise<Answer<T>>): { loaded: Loaded<T>; retry: () => void } {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    void ask().then((answer) => {
      if (current) setLoaded(answer.ok ? { state: 'ok', value: answer.value } : { state: 'failed', problem: answer.problem });
    });
    return () => {
      current = false;
    };
  }, [ask, round]);
  const retry = useCallback(() => {
    setLoaded({ state: 'loading' });
    setRound((r) => r + 1);
  }, []);
  return { loaded, retry };
}
