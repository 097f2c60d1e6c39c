// The home page: templates and recommended questions — Spanish.
import type { Localized } from '../localized';
import type { landingEn } from './en';

export const landingEs: Localized<typeof landingEn> = {
  templates: {
    title: 'Plantillas',
    loading: 'Cargando plantillas…',
    failed: 'Ahora no se pueden cargar las plantillas.',
    tabs: {
      Mine: 'Mías',
      Recommended: 'Recomendadas',
      All: 'Todas',
      MyProject: 'Mis proyectos',
      ppt: 'Presentaciones',
    },
    empty: {
      Mine: 'Tus prompts guardados aparecen aquí.',
      Recommended: 'No hay plantillas recomendadas.',
      All: 'No hay plantillas.',
      MyProject: 'Aquí aparece lo que creas con IA (documentos, presentaciones).',
      ppt: 'No hay plantillas de presentación.',
    },
    icon: { publicity: 'Publicidad', research: 'Investigación', tool: 'Herramienta' },
  },
};
