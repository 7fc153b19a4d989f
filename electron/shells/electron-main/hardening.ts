import { app, session } from 'electron';

/**
 * What the kiosk window may load and run: its own files' scripts and styles, images it drew itself
 * (floor plans arrive as bytes over IPC and are shown as blob: URLs), and no connection at all (the
 * contract goes over IPC). The page carries a policy of its own as well (renderer/index.html); this
 * one is set on every response, so a page that lost its tag is still held to it.
 */
export const DESK_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'none'",
  "object-src 'none'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/**
 * Denies every permission and every remote request (the renderer has nothing to fetch but its own
 * files), puts the content security policy on every response, and refuses webviews and new windows
 * from any web contents, including ones made later.
 */
export function hardenSession(): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  ses.webRequest.onBeforeRequest((details, callback) => {
    const allowed = details.url.startsWith('file://') || details.url.startsWith('devtools://');
    callback({ cancel: !allowed });
  });
  ses.webRequest.onHeadersReceived((details, callback) => {
    const headers = Object.fromEntries(
      Object.entries(details.responseHeaders ?? {}).filter(([name]) => name.toLowerCase() !== 'content-security-policy'),
    );
    callback({ responseHeaders: { ...headers, 'Content-Security-Policy': [DESK_CONTENT_SECURITY_POLICY] } });
  });
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.on('will-navigate', (event) => event.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });
}
