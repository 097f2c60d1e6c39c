import { useTranslation } from 'react-i18next';
import '../../i18n/legal-strings';

/** /terms/user and /terms/privacy: what this self-hosted server does with people's data. */
export function TermsPage({ kind }: { kind: 'user' | 'privacy' }) {
  const { t } = useTranslation();
  const sections = t(`legal.${kind}.sections`, { returnObjects: true }) as { title: string; body: string }[];
  return (
    <article className="page" data-testid={`terms-${kind}`}>
      <h1>{t(`legal.${kind}.title`)}</h1>
      {sections.map((section) => (
        <section key={section.title}>
          <h2>{section.title}</h2>
          <p>{section.body}</p>
        </section>
      ))}
    </article>
  );
}

export const UserTermsPage = () => <TermsPage kind="user" />;
export const PrivacyPage = () => <TermsPage kind="privacy" />;
