// Saved prompts — English.
// Each language has its own module (ar.ts, zh.ts, es.ts beside this one, typed against these keys) so the
// first download carries only English.
export const promptsEn = {
  open: 'Prompts',
  title: 'Saved prompts',
  description: 'Keep the prompts you use often and insert them with one click.',
  count_one: '{{count}} prompt',
  count_other: '{{count}} prompts',
  search: 'Search prompts',
  recent: 'Recent searches',
  empty: 'No saved prompts yet.',
  noMatch: 'No prompt matches your search.',
  add: 'New prompt',
  name: 'Name',
  content: 'Prompt',
  save: 'Save',
  cancel: 'Cancel',
  edit: 'Edit',
  deleteConfirm: 'Delete “{{name}}”?',
  deleteConfirmBody: 'The prompt is deleted on every device.',
  use: 'Use',
  pending: 'Waiting to sync',
  nameCount: '{{count}}/{{max}}',
  errors: {
    nameRequired: 'Please give the prompt a name.',
    nameTooLong: 'A prompt name can have at most 50 characters.',
    contentRequired: 'Please write the prompt first.',
    contentTooLong: 'A prompt can have at most 16000 characters.',
  },
};
