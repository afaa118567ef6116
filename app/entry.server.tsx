import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from 'react-router';
import { ServerRouter } from 'react-router';
import { attachDocumentBody } from '../core/http/document-body';
import { lateModulesLoaded } from './lib/late';
import { createPageErrors, OUTAGE_RETRY_AFTER_S, pageContextOf } from './lib/services.server';

export const streamTimeout = 5_000;

const pageErrors = createPageErrors();

/** A loader's error, logged: the database out of reach once per cause a minute, anything else each time. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (!request.signal.aborted) pageErrors.log(error, request);
};

/**
 * Renders the whole document before answering, for everyone. Our loaders return complete
 * data (nothing is deferred), so streaming the shell early would gain nothing, while one
 * buffered body with a Content-Length is cheaper to send than many small streamed chunks
 * and is what crawlers want anyway.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // Late components (ADR 021) render in place, never as a boundary streamed hidden.
  await lateModulesLoaded();

  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let status = responseStatusCode;
    // The database out of reach: 503 and when to come back, so a crawler keeps the page it has
    // and a proxy does not cache the error; the page says 'Обновите страницу…' (root ErrorBoundary).
    if (pageErrors.isOutage(request)) {
      status = 503;
      responseHeaders.set('Retry-After', String(OUTAGE_RETRY_AFTER_S));
    }
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeout);
        const body = Buffer.concat(chunks);
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        responseHeaders.set('Content-Length', String(body.byteLength));
        resolve(attachDocumentBody(new Response(body, { status, headers: responseHeaders }), body));
        callback();
      },
    });

    // Every inline script carries the response's nonce: React Router's (the router's data,
    // <Scripts>, <ScrollRestoration>, which default to ServerRouter's) and React's own.
    const nonce = pageContextOf(loadContext).cspNonce;
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // The document is sent whole, so no Suspense boundary is ever worth streaming apart: by
        // default React moves a boundary past ~12.5 KB of HTML out of place (a hidden <div> an
        // inline script moves back), unreadable without scripts.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          pipe(sink);
        },
        onShellError: reject,
        onError(error: unknown) {
          status = 500;
          console.error(error);
        },
      },
    );
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}
