import { useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import type { ChannelDetail } from '../../../common/contract';
import type { ChatActorRef, RootActor, RootSnapshot } from '../../machines/root';

const RootActorContext = createContext<RootActor | null>(null);

export function RootProvider({ actor, children }: { actor: RootActor; children: ReactNode }) {
  return <RootActorContext.Provider value={actor}>{children}</RootActorContext.Provider>;
}

export function useRootActor(): RootActor {
  const actor = useContext(RootActorContext);
  if (!actor) throw new Error('useRootActor outside RootProvider');
  return actor;
}

export function useRootSelector<T>(select: (snapshot: RootSnapshot) => T): T {
  return useSelector(useRootActor(), select);
}

/**
 * The chat actor for a key (a channel id, or the new chat), created on first use and kept by the root;
 * `opened` is the channel as the route's loader fetched it (the actor then does not ask for it again).
 */
export function useChatActor(
  key: string,
  channelId: string | null,
  opened?: ChannelDetail | null,
): ChatActorRef {
  const root = useRootActor();
  const [first] = useState<ChatActorRef>(() => {
    root.send({ type: 'CHAT.OPEN', key, channelId, opened });
    return root.getSnapshot().context.chats[key];
  });
  // The root may put another actor under the key (New chat sets a busy new chat aside for a fresh one).
  const kept = useSelector(root, (s) => s.context.chats[key]);
  // Also when the key holds no actor any more (the root forgot the chat): it is opened again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: kept re-runs it, see above
  useEffect(() => {
    root.send({ type: 'CHAT.OPEN', key, channelId });
  }, [root, key, channelId, kept]);
  // Until it is, the last actor shown stays (a new chat that just got its channel is no longer under 'new', and
  // home follows it to its address).
  const last = useRef(first);
  if (kept) last.current = kept;
  return kept ?? last.current;
}

export function useAuthState() {
  const auth = useRootSelector((s) => s.context.auth);
  // The top-level state (member has sub-states: loading, known, unavailable).
  const status = useSelector(auth, (s) => (typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]));
  const user = useSelector(auth, (s) => s.context.user);
  return {
    status,
    user,
    isLogin: status === 'member' && user?.isLogin === true,
    isGuest: status !== 'member',
    ready: status === 'guest' || status === 'member',
  };
}
