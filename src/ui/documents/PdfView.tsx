// A pdf beside the chat, drawn with pdf.js: every page gets its place at once (its own shape, at the width the
// pane shows it), and is drawn when it comes near the screen. Loaded as its own chunk, only on document chats.
import * as pdfjs from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { docsApi } from '../../api/documents';
import { docFiles } from '../../local/documents';
import type { ActivePage } from './active-page';

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
/**
 * Where the build puts pdf.js's WebAssembly decoders (vite.config.ts, pdfjsWasm): without them a JBIG2 scan (most
 * black-and-white scanners' pdfs) or a JPEG 2000 one is drawn as a blank page.
 */
const WASM_URL = `/assets/pdfjs-${pdfjs.version}/`;

const WIDTH = 560;

export function PdfView({ md5, active }: { md5: string; active: ActivePage | null }) {
  const { t } = useTranslation();
  const [pdf, setPdf] = useState<pdfjs.PDFDocumentProxy | null>(null);
  /** Each page's height over its width: real pdfs mix sizes (a cover, a landscape table, a scanned slip). */
  const [ratios, setRatios] = useState<number[]>([]);
  const [failed, setFailed] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    let task: ReturnType<typeof pdfjs.getDocument> | null = null;
    (async () => {
      // Local first: a kept copy (same md5, same bytes) opens offline and without a download.
      let bytes = await docFiles.file(md5);
      if (!bytes) {
        bytes = await docsApi.fileBytes(md5, controller.signal);
        await docFiles.keepFile(md5, bytes);
      }
      // pdf.js takes ownership of the buffer it is given: hand it a copy.
      task = pdfjs.getDocument({ data: new Uint8Array(bytes.slice(0)), wasmUrl: WASM_URL });
      const loaded = await task.promise;
      // Reading a page's size only reads its dictionary (no drawing), a few ms for the largest allowed pdf.
      const sizes = await Promise.all(
        Array.from({ length: loaded.numPages }, async (_v, index) => {
          const { width, height } = (await loaded.getPage(index + 1)).getViewport({ scale: 1 });
          return height / width;
        }),
      );
      if (controller.signal.aborted) return;
      setRatios(sizes);
      setPdf(loaded);
    })().catch(() => !controller.signal.aborted && setFailed(true));
    return () => {
      controller.abort();
      void task?.destroy();
    };
  }, [md5]);

  useEffect(() => {
    if (!active || !pdf) return;
    root.current?.querySelector(`[data-page="${active.page}"]`)?.scrollIntoView({ block: 'start' });
  }, [active, pdf]);

  if (failed) return <p className="error-text">{t('documents.documentFailed')}</p>;
  if (!pdf) return <p className="muted">{t('documents.loadingDocument')}</p>;
  return (
    <div ref={root} className="doc-pdf" data-testid="doc-pdf">
      {Array.from({ length: pdf.numPages }, (_v, index) => (
        <PdfPage
          key={index + 1}
          pdf={pdf}
          page={index + 1}
          ratio={ratios[index] ?? Math.SQRT2}
          active={active?.page === index + 1}
          label={t('documents.page', { page: index + 1 })}
        />
      ))}
    </div>
  );
}

function PdfPage(props: {
  pdf: pdfjs.PDFDocumentProxy;
  page: number;
  ratio: number;
  active: boolean;
  label: string;
}) {
  const { pdf, page } = props;
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || drawn) return;
    let cancelled = false;
    const observer = new IntersectionObserver(
      async (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        const target = canvas.current;
        if (!target) return;
        const proxy = await pdf.getPage(page);
        const base = proxy.getViewport({ scale: 1 });
        const scale = (WIDTH / base.width) * (window.devicePixelRatio || 1);
        const viewport = proxy.getViewport({ scale });
        target.width = Math.floor(viewport.width);
        target.height = Math.floor(viewport.height);
        const context = target.getContext('2d');
        if (!context || cancelled) return;
        await proxy.render({ canvas: target, canvasContext: context, viewport }).promise;
        if (!cancelled) setDrawn(true);
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, [pdf, page, drawn]);
  return (
    <div
      ref={box}
      className="doc-page pdf-page"
      data-testid="doc-page"
      data-page={page}
      data-drawn={drawn || undefined}
      data-active={props.active || undefined}
      // Its place has the page's own shape at the width shown (a fixed height of the first page's shape at 560 px
      // left gaps under every page in a narrower pane or on a phone, and under pages of another size).
      style={{ aspectRatio: `1 / ${props.ratio}` }}
    >
      {/* Its number on the page, as the text view heads each page: a citation's [1] opens page 2, and a reader
          sees which. The canvas carries the same words for screen readers. */}
      <span className="pdf-page-number muted small" aria-hidden="true" data-testid="doc-page-number">
        {props.label}
      </span>
      {/* A page is drawn as printed: the canvas's text direction must not inherit an Arabic page's rtl. */}
      <canvas
        ref={canvas}
        dir="ltr"
        style={{ display: 'block', width: '100%', height: '100%' }}
        aria-label={props.label}
        role="img"
      />
    </div>
  );
}
