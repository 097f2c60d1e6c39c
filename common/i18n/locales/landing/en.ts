// The home page: templates and recommended questions — English.
// Each language has its own module (ar.ts, zh.ts, es.ts beside this one, typed against these keys) so the
// first download carries only English.
export const landingEn = {
  templates: {
    title: 'Templates',
    loading: 'Loading templates…',
    failed: 'Templates cannot be loaded right now.',
    tabs: {
      Mine: 'Mine',
      Recommended: 'Recommended',
      All: 'All',
      MyProject: 'My projects',
      ppt: 'Presentations',
    },
    empty: {
      Mine: 'Your saved prompts appear here.',
      Recommended: 'No recommended templates.',
      All: 'No templates.',
      MyProject: 'What you create with AI (documents, presentations) appears here.',
      ppt: 'No presentation templates.',
    },
    icon: { publicity: 'Publicity', research: 'Research', tool: 'Tool' },
  },
};
