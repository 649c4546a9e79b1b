/**
 * The fakes' HTTP servers: listening on a free loopback port, and closed at once, with the
 * requests a fake left hanging (its "hang" mode) cut first.
 */
import type { Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export async function listenOnLoopback(server: Server, hanging: ReadonlySet<ServerResponse>): Promise<{ url: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
