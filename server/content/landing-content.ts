// What the landing call and the template tabs offer, in the four languages. Built in, so a fresh server has
// a useful home page; an operator edits this file to change them.
import type {
  Language,
  RecommendedIconValue,
  TemplateMediaType,
  TemplateText,
} from '../../common/contract/index.js';

type Texts<T> = Record<Language, T>;

export const feedbackDislikeConfig: Texts<string[]> = {
  en: ['Not factually correct', 'Did not follow instructions', 'Harmful or offensive', 'Other'],
  ar: ['غير صحيح من حيث الحقائق', 'لم يتبع التعليمات', 'ضار أو مسيء', 'أخرى'],
  zh: ['与事实不符', '没有按指示回答', '有害或冒犯性内容', '其他'],
  es: ['No es correcto', 'No siguió las instrucciones', 'Dañino u ofensivo', 'Otro'],
};

export const recommendedQuestions: { icon: RecommendedIconValue; text: Texts<string> }[] = [
  {
    icon: 1,
    text: {
      en: 'Write a launch announcement for our new product in three short paragraphs',
      ar: 'اكتب إعلان إطلاق لمنتجنا الجديد في ثلاث فقرات قصيرة',
      zh: '用三段简短的文字为我们的新产品撰写发布公告',
      es: 'Escribe el anuncio de lanzamiento de nuestro nuevo producto en tres párrafos breves',
    },
  },
  {
    icon: 2,
    text: {
      en: 'Compare the main arguments for and against a four-day work week',
      ar: 'قارن بين الحجج الرئيسية المؤيدة والمعارضة لأسبوع عمل من أربعة أيام',
      zh: '比较支持和反对四天工作制的主要论点',
      es: 'Compara los principales argumentos a favor y en contra de la semana laboral de cuatro días',
    },
  },
  {
    icon: 3,
    text: {
      en: 'Turn these meeting notes into a task list with owners and dates',
      ar: 'حوّل ملاحظات الاجتماع هذه إلى قائمة مهام مع المسؤولين والمواعيد',
      zh: '把这些会议记录整理成带负责人和日期的任务清单',
      es: 'Convierte estas notas de reunión en una lista de tareas con responsables y fechas',
    },
  },
  {
    icon: 2,
    text: {
      en: 'Explain how vaccines train the immune system, for a curious teenager',
      ar: 'اشرح كيف تدرّب اللقاحات جهاز المناعة لمراهق فضولي',
      zh: '向一个好奇的青少年解释疫苗如何训练免疫系统',
      es: 'Explica a un adolescente curioso cómo las vacunas entrenan al sistema inmunitario',
    },
  },
];

export const creationWorkshop: {
  id: 'presentation' | 'flowchart' | 'writing' | 'chatwithdoc';
  href: string;
  templateId: number | null;
  text: Texts<{ name: string; description: string }>;
}[] = [
  {
    id: 'presentation',
    href: '/creation/all/Presentation',
    templateId: 20000,
    text: {
      en: { name: 'Presentations', description: 'Slides from a topic or a document' },
      ar: { name: 'العروض التقديمية', description: 'شرائح من موضوع أو مستند' },
      zh: { name: '演示文稿', description: '根据主题或文档生成幻灯片' },
      es: { name: 'Presentaciones', description: 'Diapositivas a partir de un tema o un documento' },
    },
  },
  {
    id: 'flowchart',
    href: '/creation/all/Flowchart',
    templateId: null,
    text: {
      en: { name: 'Flowcharts', description: 'A diagram from a description' },
      ar: { name: 'المخططات الانسيابية', description: 'مخطط من وصف' },
      zh: { name: '流程图', description: '根据描述生成图表' },
      es: { name: 'Diagramas de flujo', description: 'Un diagrama a partir de una descripción' },
    },
  },
  {
    id: 'writing',
    href: '/writing',
    templateId: 120013,
    text: {
      en: { name: 'Writing', description: 'Documents with AI beside you' },
      ar: { name: 'الكتابة', description: 'مستندات والذكاء الاصطناعي بجانبك' },
      zh: { name: '写作', description: '有 AI 协助的文档写作' },
      es: { name: 'Escritura', description: 'Documentos con la IA a tu lado' },
    },
  },
  {
    id: 'chatwithdoc',
    href: '/chatwithdoc',
    templateId: null,
    text: {
      en: { name: 'Chat with documents', description: 'Ask questions about your files' },
      ar: { name: 'الدردشة مع المستندات', description: 'اطرح أسئلة حول ملفاتك' },
      zh: { name: '文档对话', description: '就你的文件提问' },
      es: { name: 'Chatear con documentos', description: 'Haz preguntas sobre tus archivos' },
    },
  },
];

export interface BuiltInTemplate {
  id: string;
  promptTemplateId: number | null;
  mediaType: TemplateMediaType;
  recommended: boolean;
  href: string | null;
  text: Texts<TemplateText>;
}

export const builtInTemplates: BuiltInTemplate[] = [
  {
    id: 'tpl-email-reply',
    promptTemplateId: null,
    mediaType: 'chat',
    recommended: true,
    href: null,
    text: {
      en: {
        name: 'Email reply',
        description: 'A clear, friendly reply to an email',
        prompt: 'Write a clear and friendly reply to this email:\n\n',
      },
      ar: {
        name: 'رد على بريد إلكتروني',
        description: 'رد واضح وودود على رسالة بريد إلكتروني',
        prompt: 'اكتب ردًا واضحًا وودودًا على هذه الرسالة:\n\n',
      },
      zh: {
        name: '邮件回复',
        description: '清晰友好地回复一封邮件',
        prompt: '请清晰友好地回复这封邮件：\n\n',
      },
      es: {
        name: 'Respuesta de correo',
        description: 'Una respuesta clara y amable a un correo',
        prompt: 'Escribe una respuesta clara y amable a este correo:\n\n',
      },
    },
  },
  {
    id: 'tpl-summary',
    promptTemplateId: 120000,
    mediaType: 'writing',
    recommended: true,
    href: null,
    text: {
      en: {
        name: 'Summary',
        description: 'The key points of a text in bullet points',
        prompt: 'Summarise the key points of this text in bullet points:\n\n',
      },
      ar: {
        name: 'ملخص',
        description: 'النقاط الرئيسية لنص في قائمة نقطية',
        prompt: 'لخّص النقاط الرئيسية لهذا النص في قائمة نقطية:\n\n',
      },
      zh: {
        name: '摘要',
        description: '用要点列出文本的关键内容',
        prompt: '请用要点总结这段文字的关键内容：\n\n',
      },
      es: {
        name: 'Resumen',
        description: 'Los puntos clave de un texto en viñetas',
        prompt: 'Resume los puntos clave de este texto en viñetas:\n\n',
      },
    },
  },
  {
    id: 'tpl-translate',
    promptTemplateId: 120001,
    mediaType: 'writing',
    recommended: false,
    href: null,
    text: {
      en: {
        name: 'Translate',
        description: 'A faithful translation',
        prompt: 'Translate this text into English:\n\n',
      },
      ar: { name: 'ترجمة', description: 'ترجمة دقيقة', prompt: 'ترجم هذا النص إلى العربية:\n\n' },
      zh: { name: '翻译', description: '忠实的翻译', prompt: '请把这段文字翻译成中文：\n\n' },
      es: {
        name: 'Traducir',
        description: 'Una traducción fiel',
        prompt: 'Traduce este texto al español:\n\n',
      },
    },
  },
  {
    id: 'tpl-study-plan',
    promptTemplateId: null,
    mediaType: 'chat',
    recommended: true,
    href: null,
    text: {
      en: {
        name: 'Study plan',
        description: 'A week-by-week plan to learn a subject',
        prompt: 'Make a week-by-week study plan to learn this subject: ',
      },
      ar: {
        name: 'خطة دراسية',
        description: 'خطة أسبوعية لتعلم موضوع ما',
        prompt: 'ضع خطة دراسية أسبوعية لتعلم هذا الموضوع: ',
      },
      zh: {
        name: '学习计划',
        description: '按周安排的学习计划',
        prompt: '请为学习这个主题制定一份按周安排的学习计划：',
      },
      es: {
        name: 'Plan de estudio',
        description: 'Un plan semana a semana para aprender un tema',
        prompt: 'Haz un plan de estudio semana a semana para aprender este tema: ',
      },
    },
  },
  {
    id: 'tpl-doc-translate',
    promptTemplateId: 300003,
    mediaType: 'chat',
    recommended: false,
    href: null,
    text: {
      en: {
        name: 'Translate',
        description: 'The document in another language, section by section',
        prompt: 'Translate this document into English, section by section, keeping its headings.\n\n',
      },
      ar: {
        name: 'ترجمة',
        description: 'المستند بلغة أخرى، قسمًا قسمًا',
        prompt: 'ترجم هذا المستند إلى العربية قسمًا قسمًا مع الإبقاء على عناوينه.\n\n',
      },
      zh: {
        name: '翻译',
        description: '逐节把文档译成另一种语言',
        prompt: '请把这份文档逐节翻译成中文，保留标题。\n\n',
      },
      es: {
        name: 'Traducir',
        description: 'El documento en otro idioma, sección por sección',
        prompt: 'Traduce este documento al español, sección por sección, conservando sus títulos.\n\n',
      },
    },
  },
  {
    id: 'tpl-doc-extract',
    promptTemplateId: 300004,
    mediaType: 'chat',
    recommended: false,
    href: null,
    text: {
      en: {
        name: 'Extract data',
        description: 'Names, dates, figures and amounts as a table',
        prompt:
          'Extract the names, dates, figures and amounts in this document as a table, with the page of each.\n\n',
      },
      ar: {
        name: 'استخراج البيانات',
        description: 'الأسماء والتواريخ والأرقام والمبالغ في جدول',
        prompt:
          'استخرج الأسماء والتواريخ والأرقام والمبالغ الواردة في هذا المستند في جدول مع رقم صفحة كل منها.\n\n',
      },
      zh: {
        name: '提取数据',
        description: '以表格列出姓名、日期、数字和金额',
        prompt: '请把这份文档中的姓名、日期、数字和金额整理成表格，并注明所在页码。\n\n',
      },
      es: {
        name: 'Extraer datos',
        description: 'Nombres, fechas, cifras e importes en una tabla',
        prompt:
          'Extrae en una tabla los nombres, fechas, cifras e importes de este documento, con la página de cada uno.\n\n',
      },
    },
  },
  {
    id: 'tpl-doc-search',
    promptTemplateId: 111121,
    mediaType: 'chat',
    recommended: false,
    href: null,
    text: {
      en: {
        name: 'Find in the document',
        description: 'Every place the document speaks of something',
        prompt: 'Find every place in this document that speaks of: ',
      },
      ar: {
        name: 'البحث في المستند',
        description: 'كل موضع يتحدث فيه المستند عن أمر ما',
        prompt: 'ابحث عن كل موضع في هذا المستند يتحدث عن: ',
      },
      zh: {
        name: '在文档中查找',
        description: '文档中提到某事的每一处',
        prompt: '找出这份文档中提到以下内容的每一处：',
      },
      es: {
        name: 'Buscar en el documento',
        description: 'Cada lugar donde el documento habla de algo',
        prompt: 'Encuentra cada lugar de este documento que hable de: ',
      },
    },
  },
  {
    id: 'tpl-insights',
    promptTemplateId: 300002,
    mediaType: 'chat',
    recommended: false,
    href: null,
    text: {
      en: {
        name: 'Insights',
        description: 'What stands out in a text or a table',
        prompt: 'What are the most important insights in this material?\n\n',
      },
      ar: {
        name: 'استنتاجات',
        description: 'أبرز ما في نص أو جدول',
        prompt: 'ما أهم الاستنتاجات في هذه المادة؟\n\n',
      },
      zh: { name: '洞察', description: '文本或表格中的要点', prompt: '这份材料中最重要的洞察是什么？\n\n' },
      es: {
        name: 'Ideas clave',
        description: 'Lo que destaca en un texto o una tabla',
        prompt: '¿Cuáles son las ideas más importantes de este material?\n\n',
      },
    },
  },
  {
    id: 'tpl-ppt-pitch',
    promptTemplateId: 20000,
    mediaType: 'ppt',
    recommended: true,
    href: '/creation/all/Presentation',
    text: {
      en: { name: 'Pitch deck', description: 'A ten-slide pitch from a topic', prompt: '' },
      ar: { name: 'عرض تقديمي للمستثمرين', description: 'عرض من عشر شرائح من موضوع', prompt: '' },
      zh: { name: '路演演示', description: '根据主题生成十页路演幻灯片', prompt: '' },
      es: {
        name: 'Presentación para inversores',
        description: 'Diez diapositivas a partir de un tema',
        prompt: '',
      },
    },
  },
  {
    id: 'tpl-ppt-lesson',
    promptTemplateId: 20000,
    mediaType: 'ppt',
    recommended: false,
    href: '/creation/all/Presentation',
    text: {
      en: { name: 'Lesson slides', description: 'Teaching slides from a document', prompt: '' },
      ar: { name: 'شرائح درس', description: 'شرائح تعليمية من مستند', prompt: '' },
      zh: { name: '课程幻灯片', description: '根据文档生成教学幻灯片', prompt: '' },
      es: {
        name: 'Diapositivas de clase',
        description: 'Diapositivas didácticas a partir de un documento',
        prompt: '',
      },
    },
  },
];

/** The languages offered, recommended first (all four are also in the full list). */
export const localeItems = [
  { langcode: 'en', languageEnglish: 'English', languageLabel: 'English' },
  { langcode: 'es', languageEnglish: 'Spanish', languageLabel: 'Español' },
  { langcode: 'zh', languageEnglish: 'Chinese', languageLabel: '中文' },
  { langcode: 'ar', languageEnglish: 'Arabic', languageLabel: 'العربية' },
];
