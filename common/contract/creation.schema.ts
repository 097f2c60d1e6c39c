// Request validators of the creation area: the server parses with them, the client imports their types.
import { z } from 'zod';
import {
  DEFAULT_PRESENTATION_TEMPLATE_ID,
  FLOWCHART_PROMPT_MAX,
  IMAGE_PROMPT_MAX,
  OUTLINE_SECTIONS_MAX,
  PRESENTATION_TEMPLATES,
  PRESENTATION_TITLE_MAX,
  PRESENTATION_TOPIC_MAX,
  SECTION_POINT_MAX,
  SECTION_POINTS_MAX,
} from './creation';

const chars = (value: string) => Array.from(value).length;

export const PresentationId = z
  .string('presentation.badId')
  .min(8, 'presentation.badId')
  .max(64, 'presentation.badId')
  .regex(/^[\w-]+$/, 'presentation.badId');

const RequestId = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[\w-]+$/);

const TemplateId = z.coerce
  .number()
  .int()
  .refine((id) => id in PRESENTATION_TEMPLATES, 'presentation.templateUnknown');

const Topic = z
  .string()
  .transform((topic) => topic.trim())
  .pipe(z.string().refine((topic) => chars(topic) <= PRESENTATION_TOPIC_MAX, 'presentation.topicTooLong'));

export const GeneratePresentationRequest = z
  .object({
    requestId: RequestId,
    presentationId: PresentationId,
    step: z.enum(['outline', 'slides'], 'presentation.stepUnknown'),
    topic: Topic.optional(),
    md5: z
      .string()
      .regex(/^[0-9a-fA-F]{32}$/, 'upload.md5Invalid')
      .transform((md5) => md5.toLowerCase())
      .optional(),
    templateId: TemplateId.default(DEFAULT_PRESENTATION_TEMPLATE_ID),
    model: z.string().max(64).optional(),
  })
  .refine((r) => r.step === 'slides' || Boolean(r.topic) || Boolean(r.md5), 'presentation.topicRequired');
export type GeneratePresentationRequest = z.input<typeof GeneratePresentationRequest>;

const SectionTitle = z
  .string()
  .transform((title) => title.trim())
  .pipe(
    z
      .string()
      .min(1, 'presentation.sectionTitleRequired')
      .refine((title) => chars(title) <= PRESENTATION_TITLE_MAX, 'presentation.titleTooLong'),
  );

export const OutlineSectionInput = z.object({
  title: SectionTitle,
  points: z
    .array(
      z
        .string()
        .transform((p) => p.trim())
        .pipe(z.string().refine((p) => chars(p) <= SECTION_POINT_MAX, 'presentation.pointTooLong')),
    )
    .max(SECTION_POINTS_MAX, 'presentation.tooManyPoints')
    .transform((points) => points.filter((p) => p.length > 0)),
});

export const UpdateOutlineRequest = z.object({
  presentationId: PresentationId,
  title: SectionTitle,
  outline: z
    .array(OutlineSectionInput)
    .min(1, 'presentation.outlineEmpty')
    .max(OUTLINE_SECTIONS_MAX, 'presentation.tooManySections'),
});
export type UpdateOutlineRequest = z.input<typeof UpdateOutlineRequest>;

export const PresentationIdQuery = z.object({ presentationId: PresentationId });
export type PresentationIdQuery = z.infer<typeof PresentationIdQuery>;

export const FlowchartRequest = z.object({
  prompt: z
    .string('flowchart.promptRequired')
    .transform((p) => p.trim())
    .pipe(
      z
        .string()
        .min(1, 'flowchart.promptRequired')
        .refine((p) => chars(p) <= FLOWCHART_PROMPT_MAX, 'flowchart.promptTooLong'),
    ),
  model: z.string().max(64).optional(),
});
export type FlowchartRequest = z.input<typeof FlowchartRequest>;

export const ImageGenerateRequest = z.object({
  prompt: z
    .string('image.promptRequired')
    .transform((p) => p.trim())
    .pipe(
      z
        .string()
        .min(1, 'image.promptRequired')
        .refine((p) => chars(p) <= IMAGE_PROMPT_MAX, 'image.promptTooLong'),
    ),
});
export type ImageGenerateRequest = z.input<typeof ImageGenerateRequest>;

export const ImageIdQuery = z.object({
  imageId: z
    .string('image.notFound')
    .min(8, 'image.notFound')
    .max(64, 'image.notFound')
    .regex(/^[\w-]+$/, 'image.notFound'),
});
