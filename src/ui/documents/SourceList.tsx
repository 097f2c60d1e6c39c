// The source list under an answer that searched the web or arXiv: collapsed, 3 cards
// plus a view-all card with at most 7 favicons when there are more than 4; expanded, every card and a
// collapse control. Read Document (pdf and preprint abstract links only) opens a document chat in a new tab.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  faviconPath,
  type LinkSource,
  readableDocumentUrl,
  SOURCE_LIST_COLLAPSED_CARDS,
  SOURCE_LIST_MAX_FAVICONS,
  SOURCE_LIST_VIEW_ALL_ABOVE,
} from '../../../common/contract';
import { docsApi } from '../../api/documents';
import { PAGE_MODE_KEY, saveOneChatState } from '../../local/one-chat-state';
import { toast } from '../kit/toast';
import { safeHref } from '../markdown/safe-url';
import './doc-chat.css';

/** Opens a document chat over a pdf or preprint link in a new tab; the page mode is academicSearch. */
export async function readDocument(
  link: LinkSource,
  chatPath: (channelId: string) => string,
): Promise<boolean> {
  const url = readableDocumentUrl(link.url);
  if (!url) return false;
  // Opened now, while the click still counts as the user's, so no popup blocker stops it.
  const tab = window.open('', '_blank');
  try {
    const created = await docsApi.createDocChat({ url, extract_img_5k: true, channelType: 'ONE_CHAT' });
    saveOneChatState({ channelId: created.channel_id, docs: created.docs, model: created.model });
    localStorage.setItem(PAGE_MODE_KEY, 'academicSearch');
    const path = chatPath(created.channel_id);
    if (tab) tab.location.href = path;
    else window.open(path, '_blank');
    return true;
  } catch {
    tab?.close();
    return false;
  }
}

export function SourceList({
  links,
  chatPath,
}: {
  links: LinkSource[];
  chatPath: (channelId: string) => string;
}) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const [reading, setReading] = useState<string | null>(null);
  if (links.length === 0) return null;
  const onShare = location.pathname.includes('share');
  const collapsible = links.length > SOURCE_LIST_VIEW_ALL_ABOVE;
  const shown = expanded || !collapsible ? links : links.slice(0, SOURCE_LIST_COLLAPSED_CARDS);
  const favicons = [
    ...new Set(
      links.map((l) => (l.favicon ? faviconPath(l.url) : null)).filter((p): p is string => p !== null),
    ),
  ].slice(0, SOURCE_LIST_MAX_FAVICONS);

  const read = async (link: LinkSource) => {
    setReading(link.url);
    const opened = await readDocument(link, chatPath);
    setReading(null);
    if (!opened) toast.error(t('documents.failed'));
  };

  return (
    <section className="source-list" data-testid="source-list" data-expanded={expanded || undefined}>
      <h4 className="muted small">{t('documents.sources')}</h4>
      <ol className="source-cards">
        {shown.map((link) => {
          const href = safeHref(link.url);
          return (
            <li key={link.n} className="source-card" data-testid="source-card">
              <a href={href ?? undefined} target="_blank" rel="noopener noreferrer" className="source-title">
                <span className="source-n">{link.n}</span> {link.title}
              </a>
              <div className="source-meta muted small">
                {link.favicon && faviconPath(link.url) && (
                  <img
                    src={faviconPath(link.url) ?? undefined}
                    alt=""
                    width={14}
                    height={14}
                    loading="lazy"
                    referrerPolicy="no-referrer"
                    onError={hideBroken}
                  />
                )}
                <span>{link.source}</span>
                {link.publishDate && <time dateTime={link.publishDate}>{link.publishDate.slice(0, 10)}</time>}
              </div>
              <p className="source-snippet small">{link.snippet}</p>
              {!onShare && readableDocumentUrl(link.url) && (
                <button
                  type="button"
                  className="button small"
                  data-testid="read-document"
                  data-loading={reading === link.url || undefined}
                  aria-busy={reading === link.url}
                  disabled={reading !== null}
                  onClick={() => void read(link)}
                >
                  {t('documents.readDocument')}
                </button>
              )}
            </li>
          );
        })}
        {collapsible && !expanded && (
          <li className="source-card view-all">
            <button type="button" data-testid="source-view-all" onClick={() => setExpanded(true)}>
              <span className="source-favicons">
                {favicons.map((icon) => (
                  <img
                    key={icon}
                    src={icon}
                    alt=""
                    width={14}
                    height={14}
                    data-testid="source-favicon"
                    referrerPolicy="no-referrer"
                    onError={hideBroken}
                  />
                ))}
              </span>
              {t('documents.viewAll', { count: links.length })}
            </button>
          </li>
        )}
      </ol>
      {collapsible && expanded && (
        <button
          type="button"
          className="button small"
          data-testid="source-collapse"
          onClick={() => setExpanded(false)}
        >
          {t('documents.collapse')}
        </button>
      )}
    </section>
  );
}

/** A site without an icon leaves no broken-image mark. */
const hideBroken = (event: React.SyntheticEvent<HTMLImageElement>) => {
  event.currentTarget.style.visibility = 'hidden';
};
