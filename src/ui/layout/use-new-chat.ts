// New chat (the sidebar's button, the phone's top bar, the shortcut): home with an empty chat, even while the
// new chat's first question is still on its way (that chat goes on by itself and lands in the history).
import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { useLangPath } from '../app/paths';
import { useRootActor } from '../app/root-context';

export function useNewChat(): () => void {
  const root = useRootActor();
  const [, navigate] = useLocation();
  const to = useLangPath();
  return useCallback(() => {
    root.send({ type: 'CHAT.NEW' });
    navigate(to('/'));
  }, [root, navigate, to]);
}
