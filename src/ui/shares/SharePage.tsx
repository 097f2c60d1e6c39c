// The read-only shared view (/share/{key}): the snapshot as it was shared, no login needed, citations shown
// under each answer, no Read Document and no message actions. "Continue" hands the key to ShareKeyCatcher.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { SHARE_KEY_PARAM, type ShareConversation } from '../../../common/contract';
import { ApiError } from '../../api/http';
import { shareApi } from '../../api/shares';
import { Link } from '../app/navigation';
import { useLangPath } from '../app/paths';
import { Markdown } from '../markdown/Markdown';
import '../chat/chat.css';
import './share.css';

/** The shared view has no document pane (no Read Document): [n] markers are shown, and open nothing. */
const showCitationsOnly = () => {};

type Load =
  | { state: 'loading' }
  | { state: 'ready'; data: ShareConversation }
  | { state: 'missing' | 'failed' };

export function SharePage() {
  const { t } = useTranslation();
  const { shareKey = '' } = useParams();
  const [, navigate] = useLocation();
  const to = useLangPath();
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    shareApi
      .conversation(shareKey, { suppressAlert: true })
      .then((data) => live && setLoad({ state: 'ready', data }))
      .catch(
        (error) =>
          live &&
          setLoad({ state: error instanceof ApiError && error.httpStatus === 404 ? 'missing' : 'failed' }),
      );
    return () => {
      live = false;
    };
  }, [shareKey]);

  if (load.state === 'loading') return <p className="share-status muted">{t('shares.loading')}</p>;
  if (load.state !== 'ready')
    return (
      <div className="empty-state" data-testid="share-not-found">
        <p>{load.state === 'missing' ? t('shares.notFound') : t('shares.loadFailed')}</p>
        {/* Someone who followed a dead link is often new here: the app itself is one step away. */}
        <Link to={to('/')} className="button primary">
          {t('common.backHome')}
        </Link>
      </div>
    );
  const { data } = load;
  return (
    <div className="share-page" data-testid="share-page">
      <header className="share-header">
        <h1 dir="auto" data-testid="share-title">
          {data.title}
        </h1>
        <span className="small muted">{t('shares.readOnly')}</span>
      </header>
      <div className="share-messages">
        {data.messages.map((message, index) =>
          message.role === 'user' ? (
            <div className="message-row" key={index}>
              <div className="message user" data-testid="message-user">
                <div className="bubble" dir="auto">
                  {message.content}
                </div>
              </div>
            </div>
          ) : (
            <div className="message-row" key={index}>
              <div className="message assistant" data-testid="message-assistant" data-status="done">
                <div className="answer">
                  <Markdown text={message.content} streaming={false} onCite={showCitationsOnly} />
                </div>
                {message.citations.length > 0 && (
                  <ol className="share-citations small" data-testid="share-citations">
                    {message.citations.map((citation) => (
                      <li key={citation.url}>
                        <a href={citation.url} target="_blank" rel="noopener noreferrer nofollow">
                          {citation.title}
                        </a>
                      </li>
                    ))}
                  </ol>
                )}
              </div>
            </div>
          ),
        )}
      </div>
      <footer className="share-footer">
        <button
          type="button"
          className="button primary"
          onClick={() => navigate(to(`/?${SHARE_KEY_PARAM}=${encodeURIComponent(shareKey)}`))}
          data-testid="share-continue"
        >
          {t('shares.continue')}
        </button>
      </footer>
    </div>
  );
}
