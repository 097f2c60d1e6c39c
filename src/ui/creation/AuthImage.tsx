// A generated image: fetched with the owner's Authorization header and shown from a blob URL.
import { useEffect, useState } from 'react';
import { imageApi } from '../../api/creation';

export function AuthImage(props: { imageId: string; alt: string; onUrl?: (url: string) => void }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const { imageId, onUrl } = props;
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    imageApi.blob(imageId, controller.signal).then(
      (blob) => {
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
        onUrl?.(objectUrl);
      },
      () => !controller.signal.aborted && setFailed(true),
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [imageId, onUrl]);
  if (failed) return <div className="image-missing" role="img" aria-label={props.alt} />;
  if (!url) return <div className="image-loading" aria-busy="true" />;
  return <img src={url} alt={props.alt} />;
}
