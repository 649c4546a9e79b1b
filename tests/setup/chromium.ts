/**
 * How every browser of ours starts Debian's Chromium (Playwright's e2e tests, the Lighthouse bench):
 * no sandbox as root, no GPU, nothing that reaches Google's hosts, and every host but this machine
 * unresolvable, so a page that asks for anything outside shows it as a failed request.
 */
export const CHROMIUM_PATH = "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.*, EXCLUDE ::1",
];
