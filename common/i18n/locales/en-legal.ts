// English of the terms and privacy pages: loaded with their page's code (src/i18n/legal-strings.ts), not with the
// app's first script; part of `en` (en.ts) for the server and the type every language follows.
export const enLegal = {
  user: {
    title: 'Terms of use',
    sections: [
      {
        title: 'The service',
        body: 'Parley is run by the operator of this server. Answers come from the AI provider the operator configured, or from the built-in offline model.',
      },
      {
        title: 'Your content',
        body: 'What you write and upload stays on this server. You are responsible for what you ask and share.',
      },
      {
        title: 'Availability',
        body: 'The operator may change or stop the service. Answers can be wrong: check what matters.',
      },
    ],
  },
  privacy: {
    title: 'Privacy policy',
    sections: [
      {
        title: 'What is stored',
        body: "Your chats, your email address if you log in, and the settings you choose are stored in this server's database.",
      },
      {
        title: 'What leaves the server',
        body: 'Only the messages you send to a configured AI provider. Login codes are sent through the configured mail server.',
      },
      { title: 'Your choices', body: 'Delete a chat at any time; deleting removes it from the server.' },
    ],
  },
};
