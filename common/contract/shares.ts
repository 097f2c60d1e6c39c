// Shared chats: read-only snapshots behind an unguessable key.

export const SharePaths = {
  /** POST {channelId} -> ShareCreated (owner only). */
  create: '/api/v1/channel/share/create',
  /** GET ?shareKey -> SharePreview (no login). */
  preview: '/api/v1/channel/share/preview',
  /** GET ?shareKey -> ShareDetail (no login). */
  detail: '/api/v1/channel/share/detail',
  /** GET ?shareKey -> ShareConversation (no login). */
  conversation: '/api/v1/share/conversation',
  /** POST {shareKey} -> ChannelSummary: createChannelByShareKey, a copy owned by the caller. */
  createChannelByShareKey: '/api/v1/channel/share/createChannelByShareKey',
  /** GET ?channelId -> ShareSummary[] (owner only). */
  mine: '/api/v1/channel/share/mine',
  /** POST {shareId} -> true (owner only); the link answers not found from then on. */
  revoke: '/api/v1/channel/share/revoke',
} as const;

/** The page a share link opens; any path containing "share" is a read-only shared view. */
export const SHARE_PAGE_PREFIX = '/share/';
/** The query parameter that carries a share key into the app (stored, then removed from the URL). */
export const SHARE_KEY_PARAM = 'shareKey';
/** 24 random bytes (192 bits), base64url: 32 characters. */
export const SHARE_KEY_PATTERN = /^[A-Za-z0-9_-]{32}$/;

export interface SnapshotMessage {
  role: 'user' | 'assistant';
  content: string;
  model: string;
  createdAt: string;
}

export interface Citation {
  title: string;
  url: string;
}

export interface SharedMessage extends SnapshotMessage {
  /** Links the answer cites, shown under it on the share page. */
  citations: Citation[];
}

export interface ShareCreated {
  shareId: string;
  shareKey: string;
  /** The page path (prefix + key); the client joins it to its own origin. */
  sharePath: string;
  createdAt: string;
  messageCount: number;
}

export interface ShareSummary {
  shareId: string;
  createdAt: string;
  messageCount: number;
}

export interface SharePreview {
  title: string;
  excerpt: string;
  messageCount: number;
  createdAt: string;
}

export interface ShareDetail {
  title: string;
  model: string;
  messageCount: number;
  createdAt: string;
}

export interface ShareConversation {
  title: string;
  messages: SharedMessage[];
}
