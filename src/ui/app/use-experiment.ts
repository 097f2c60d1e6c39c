// Whether an experiment is on for this caller: variant 'A' means on, and a missing or failed answer is off.
// Asked once per page load and per experiment (the answer is stable for a user).
import { useEffect, useState } from 'react';
import { userApi } from '../../api/user';
import { useAuthState } from './root-context';

const asked = new Map<string, Promise<boolean>>();

export function useExperiment(key: string): boolean {
  const { ready, user } = useAuthState();
  const [on, setOn] = useState(false);
  const who = user?.uid ?? 'guest';
  useEffect(() => {
    if (!ready) return;
    const cacheKey = `${who}:${key}`;
    let answer = asked.get(cacheKey);
    if (!answer) {
      answer = userApi.experiments([key]).then(
        (list) => list.some((e) => e.key === key && e.value === 'A'),
        () => false,
      );
      asked.set(cacheKey, answer);
    }
    let live = true;
    void answer.then((value) => live && setOn(value));
    return () => {
      live = false;
    };
  }, [ready, who, key]);
  return on;
}
