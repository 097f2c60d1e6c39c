// Wire contract of the creation area: presentations (outline, slides, .pptx), flowcharts and images.
// Re-exported from contract.ts; the server imports the same types.

export const PresentationPaths = {
  /** SSE: POST a generate request; `data:` lines carry PresentationChunk arrays, ids are chunk ids. */
  generate: '/api/v1/presentation/generate',
  list: '/api/v1/presentation/list',
  get: '/api/v1/presentation/get',
  updateOutline: '/api/v1/presentation/updateOutline',
  delete: '/api/v1/presentation/delete',
  /** POST {presentationId}: ends the running generation; what arrived so far is kept. */
  stop: '/api/v1/presentation/stop',
  /** GET ?presentationId=: the .pptx file (Authorization header required). */
  exportPptx: '/api/v1/presentation/export',
} as const;

/** The presentation types: an outline only, or slides built from the outline. */
export type PresentationType = 'outline' | 'slides';
export const DEFAULT_PRESENTATION_TEMPLATE_ID = 20000;

/** Slide looks; 20000 is the default. */
export const PRESENTATION_TEMPLATES = {
  20000: { name: 'Classic', background: 'FFFFFF', title: '1F3A5F', text: '2B2B2B', accent: '2F80ED' },
  20001: { name: 'Night', background: '1E1E2E', title: 'F5E0DC', text: 'E0E0E0', accent: 'F38BA8' },
  20002: { name: 'Forest', background: 'F4F1EA', title: '2D4A22', text: '333333', accent: '6A994E' },
} as const;
export type PresentationTemplateId = keyof typeof PRESENTATION_TEMPLATES;

export const PRESENTATION_TOPIC_MAX = 500;
export const PRESENTATION_TITLE_MAX = 200;
export const OUTLINE_SECTIONS_MAX = 30;
export const SECTION_POINTS_MAX = 8;
export const SECTION_POINT_MAX = 500;

export interface OutlineSection {
  title: string;
  points: string[];
}

export interface Slide {
  title: string;
  bullets: string[];
  notes: string;
}

/** Who wrote the text: an AI provider, or Parley's built-in offline model (no AI, extractive). */
export type GeneratedBy = 'ai' | 'offline';

export interface PresentationSummary {
  presentationId: string;
  title: string;
  type: PresentationType;
  templateId: number;
  slideCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface Presentation extends PresentationSummary {
  topic: string;
  /** md5 of the uploaded document it was made from, if any. */
  sourceMd5: string | null;
  outline: OutlineSection[];
  slides: Slide[];
  generatedBy: GeneratedBy;
}

/** POST generate body. step outline: needs topic or md5 (creates the presentation under the client's id);
 * step slides: builds slides from the presentation's saved outline. */
export interface GeneratePresentationRequest {
  requestId: string;
  presentationId: string;
  step: PresentationType;
  topic?: string;
  md5?: string;
  templateId?: number;
  model?: string;
}

/** One streamed piece: a finished outline section or slide, with progress so far. */
export interface PresentationChunk {
  chunkId: number;
  section?: OutlineSection;
  slide?: Slide;
  /** Presentation title, sent once known (first chunk of an outline). */
  title?: string;
  done: number;
  /** Expected count; 0 while unknown (an AI outline). */
  total: number;
  error?: string;
  code?: number;
}

export interface PresentationStreamMeta {
  presentationId: string;
  step: PresentationType;
  generatedBy: GeneratedBy;
}

export interface PresentationStreamDone {
  status: 'done' | 'failed' | 'stopped';
}

export interface UpdateOutlineRequest {
  presentationId: string;
  title: string;
  outline: OutlineSection[];
}

// ---- Flowcharts ---------------------------------------------------------------------------------
export const FlowchartPaths = { generate: '/api/v1/creation/flowchart' } as const;
export const FLOWCHART_PROMPT_MAX = 2000;

export interface FlowchartRequest {
  prompt: string;
  model?: string;
}

export interface Flowchart {
  /** Mermaid flowchart code. */
  code: string;
  generatedBy: GeneratedBy;
}

// ---- Images -------------------------------------------------------------------------------------
export const ImagePaths = {
  status: '/api/v1/image/status',
  generate: '/api/v1/image/generate',
  list: '/api/v1/image/list',
  /** GET ?imageId=: the picture itself (Authorization header required; owner only). */
  file: '/api/v1/image/file',
  delete: '/api/v1/image/delete',
} as const;
export const IMAGE_PROMPT_MAX = 4000;

export interface ImageStatus {
  /** An image provider is configured on the server (IMAGE_BASE_URL). */
  configured: boolean;
  /** The caller is one of the server's operators (ADMIN_EMAILS): only they see how to set a provider up. */
  operator: boolean;
}

export interface GeneratedImageItem {
  imageId: string;
  prompt: string;
  revisedPrompt: string | null;
  contentType: string;
  size: number;
  createdAt: string;
}

/** ChatImage sends (GPT-4o's image tool) answer `![prompt](#parley-image-<imageId>)`; the app draws the picture. */
export const CHAT_IMAGE_TYPE = 'ChatImage';
export const CHAT_IMAGE_MODEL = 'GPT-4o';
export const IMAGE_REF_PREFIX = '#parley-image-';
