import { describe, expect, it } from "vitest";
import { addressKind, checkOutgoingUrl, guardedLookup, outgoingPolicy, type OutgoingPolicy, type Resolver } from "./outgoing-url.server";

const STRICT: OutgoingPolicy = { allowPrivate: false, requireHttps: false };
const OPEN: OutgoingPolicy = { allowPrivate: true, requireHttps: false };
/** a resolver that knows a few names and nothing else (no network) */
const fakeDns =
  (table: Record<string, string[]>): Resolver =>
  async (host) => {
    const found = table[host];
    if (!found) throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
    return found.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };

describe("addressKind", () => {
  it.each([
    ["8.8.8.8", "public"],
    ["93.184.216.34", "public"],
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.5.4", "private"],
    ["172.32.0.1", "public"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "cgnat"],
    ["100.128.0.1", "public"],
    ["169.254.169.254", "link_local"],
    ["0.0.0.0", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "reserved"],
    ["::1", "loopback"],
    ["[::1]", "loopback"],
    ["::", "unspecified"],
    ["fe80::1", "link_local"],
    ["fd12:3456::1", "private"],
    ["ff02::1", "multicast"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:a9fe:a9fe", "link_local"],
    ["::ffff:8.8.8.8", "public"],
    ["64:ff9b::10.0.0.1", "private"],
    ["2001:db8::1", "reserved"],
    ["2a00:1450:4001:80b::200e", "public"],
    ["not-an-ip", "reserved"],
  ])("%s is %s", (ip, kind) => {
    expect(addressKind(ip)).toBe(kind);
  });
});

describe("checkOutgoingUrl", () => {
  it.each(["http://127.0.0.1/hook", "http://10.0.0.1/hook", "http://[::1]:8080/hook", "http://169.254.169.254/latest/meta-data", "http://[::ffff:127.0.0.1]/", "http://0.0.0.0/"])(
    "refuses %s unless private addresses are allowed",
    async (url) => {
      expect(await checkOutgoingUrl(url, STRICT, fakeDns({}))).toEqual({ ok: false, reason: "blocked_address" });
    },
  );

  it("lets loopback and private addresses through when allowed, never link-local ones", async () => {
    expect((await checkOutgoingUrl("http://127.0.0.1:4000/hook", OPEN, fakeDns({}))).ok).toBe(true);
    expect((await checkOutgoingUrl("http://10.0.0.1/hook", OPEN, fakeDns({}))).ok).toBe(true);
    expect(await checkOutgoingUrl("http://169.254.169.254/", OPEN, fakeDns({}))).toEqual({ ok: false, reason: "blocked_address" });
  });

  it("resolves a host name and refuses it when any of its addresses is refused", async () => {
    const dns = fakeDns({ "hooks.example.com": ["93.184.216.34"], "sneaky.example.com": ["93.184.216.34", "10.1.2.3"], "inside.example.com": ["fd00::5"] });
    expect(await checkOutgoingUrl("https://hooks.example.com/in", STRICT, dns)).toMatchObject({ ok: true, addresses: ["93.184.216.34"] });
    expect(await checkOutgoingUrl("https://sneaky.example.com/in", STRICT, dns)).toEqual({ ok: false, reason: "blocked_address" });
    expect(await checkOutgoingUrl("https://inside.example.com/in", STRICT, dns)).toEqual({ ok: false, reason: "blocked_address" });
    expect(await checkOutgoingUrl("https://nowhere.example.com/in", STRICT, dns)).toEqual({ ok: false, reason: "unresolvable" });
  });

  it("refuses localhost by what it resolves to (the system's resolver)", async () => {
    expect(await checkOutgoingUrl("http://localhost:3000/hook", STRICT)).toEqual({ ok: false, reason: "blocked_address" });
  });

  it("refuses other schemes, credentials, malformed URLs, and plain http in production", async () => {
    expect(await checkOutgoingUrl("ftp://93.184.216.34/x", STRICT)).toEqual({ ok: false, reason: "scheme" });
    expect(await checkOutgoingUrl("file:///etc/passwd", STRICT)).toEqual({ ok: false, reason: "scheme" });
    expect(await checkOutgoingUrl("not a url", STRICT)).toEqual({ ok: false, reason: "invalid" });
    expect(await checkOutgoingUrl("https://user:pw@93.184.216.34/", STRICT)).toEqual({ ok: false, reason: "credentials" });
    const production = outgoingPolicy({ NODE_ENV: "production" });
    expect(production).toEqual({ allowPrivate: false, requireHttps: true });
    expect(await checkOutgoingUrl("http://93.184.216.34/", production)).toEqual({ ok: false, reason: "https_required" });
    expect((await checkOutgoingUrl("https://93.184.216.34/", production)).ok).toBe(true);
    // allowed private addresses (tests) also allow plain http
    expect(outgoingPolicy({ NODE_ENV: "production", WEBHOOK_ALLOW_PRIVATE: true })).toEqual({ allowPrivate: true, requireHttps: false });
  });
});

describe("guardedLookup", () => {
  const ask = (policy: OutgoingPolicy, dns: Resolver, host: string, options: { all?: boolean; family?: number }) =>
    new Promise<{ error: Error | null; result: unknown }>((resolve) =>
      guardedLookup(policy, dns)(host, options as never, (error: Error | null, address: unknown, family?: number) =>
        resolve({ error, result: options.all ? address : { address, family } }),
      ),
    );

  it("hands the connection only checked addresses, in the shape asked for", async () => {
    // a DNS answer that changed since the URL was checked: the connection is refused
    const rebound = fakeDns({ "hooks.example.com": ["127.0.0.1"] });
    expect((await ask(STRICT, rebound, "hooks.example.com", {})).error?.name).toBe("BlockedAddressError");
    const good = fakeDns({ "hooks.example.com": ["93.184.216.34", "2a00:1450:4001:80b::200e"] });
    expect(await ask(STRICT, good, "hooks.example.com", {})).toEqual({ error: null, result: { address: "93.184.216.34", family: 4 } });
    expect(await ask(STRICT, good, "hooks.example.com", { all: true })).toEqual({
      error: null,
      result: [
        { address: "93.184.216.34", family: 4 },
        { address: "2a00:1450:4001:80b::200e", family: 6 },
      ],
    });
    expect(await ask(STRICT, good, "hooks.example.com", { family: 6 })).toEqual({ error: null, result: { address: "2a00:1450:4001:80b::200e", family: 6 } });
  });
});
