// The one-chat state, kept per channel in local storage under oneChatState_{channelId}, and the page
// mode a document chat opened from academic search stores.
import { type DocumentInChat, ROLE_SUMMARY_PROMPT } from '../../common/contract';

export interface OneChatState {
  channelId: string;
  roleEnum: typeof ROLE_SUMMARY_PROMPT;
  message: string;
  prompt: string;
  docs: DocumentInChat[];
  channelType: 'ONE_CHAT';
  defaultOpenGUI: boolean;
  model: string;
}

export const oneChatStateKey = (channelId: string) => `oneChatState_${channelId}`;
export const PAGE_MODE_KEY = 'pageMode';

export function saveOneChatState(
  state: Omit<OneChatState, 'roleEnum' | 'channelType' | 'message' | 'prompt' | 'defaultOpenGUI'> &
    Partial<OneChatState>,
): OneChatState {
  const full: OneChatState = {
    roleEnum: ROLE_SUMMARY_PROMPT,
    channelType: 'ONE_CHAT',
    message: '',
    prompt: '',
    defaultOpenGUI: true,
    ...state,
  };
  try {
    localStorage.setItem(oneChatStateKey(state.channelId), JSON.stringify(full));
  } catch {
    // Storage full or blocked: the chat still opens, the documents load from the server.
  }
  return full;
}

export function readOneChatState(channelId: string): OneChatState | null {
  try {
    const raw = localStorage.getItem(oneChatStateKey(channelId));
    const value = raw ? (JSON.parse(raw) as OneChatState) : null;
    return value && Array.isArray(value.docs) ? value : null;
  } catch {
    return null;
  }
}
