/**
 * The whole HTML body a server render produced, handed from app/entry.server.tsx to the Fastify
 * adapter (server/pages.ts) beside the Response: reading a Response's body back goes through a
 * web stream (a few percent of a page's CPU), while the adapter can send the bytes as they are.
 * A registered symbol, so the two sides share it across module instances (the app is a build).
 */
export const DOCUMENT_BODY = Symbol.for('portal.documentBody');

export function attachDocumentBody(response: Response, body: Buffer): Response {
  (response as Response & { [DOCUMENT_BODY]?: Buffer })[DOCUMENT_BODY] = body;
  return response;
}

/** The attached body of a document response, or undefined (then read the stream). */
export function documentBodyOf(response: Response): Buffer | undefined {
  return (response as Response & { [DOCUMENT_BODY]?: Buffer })[DOCUMENT_BODY];
}
