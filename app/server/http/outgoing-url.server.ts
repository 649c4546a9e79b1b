/**
 * What our server may call on a URL someone else typed (a partner's webhook, issue 33): the guard
 * against server-side request forgery. A URL must be http(s) (https in production) without
 * credentials, and every address its host resolves to must be a public one: loopback, private,
 * CGNAT, link-local (the clouds' metadata service), multicast, unspecified and reserved addresses
 * are refused, in IPv4 and IPv6 alike (an IPv4 address written as IPv6, `::ffff:127.0.0.1` or
 * NAT64's `64:ff9b::…`, is judged as the IPv4 address it carries). `WEBHOOK_ALLOW_PRIVATE=1` lets
 * loopback, private and CGNAT addresses through (tests, a partner on the same private network);
 * link-local, multicast, unspecified and reserved ones never pass.
 *
 * The check runs when the URL is registered and again when it is called; `guardedLookup` is the
 * connection's own DNS lookup, so the address connected to is the address checked (a DNS answer
 * that changes between the check and the connection cannot slip through).
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { isIP, type LookupFunction } from "node:net";

export interface OutgoingPolicy {
  /** loopback, private and CGNAT addresses allowed (WEBHOOK_ALLOW_PRIVATE=1) */
  allowPrivate: boolean;
  /** only https (production, unless private addresses are allowed) */
  requireHttps: boolean;
}

export type OutgoingRefusal = "invalid" | "scheme" | "https_required" | "credentials" | "blocked_address" | "unresolvable";

export type AddressKind = "public" | "loopback" | "private" | "cgnat" | "link_local" | "multicast" | "unspecified" | "reserved";

/** The policy the configuration gives. */
export function outgoingPolicy(env: { WEBHOOK_ALLOW_PRIVATE?: boolean; NODE_ENV?: string }): OutgoingPolicy {
  const allowPrivate = env.WEBHOOK_ALLOW_PRIVATE === true;
  return { allowPrivate, requireHttps: env.NODE_ENV === "production" && !allowPrivate };
}

const V4_RANGES: ReadonlyArray<readonly [string, number, AddressKind]> = [
  ["0.0.0.0", 8, "unspecified"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "cgnat"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link_local"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "reserved"],
  ["192.0.2.0", 24, "reserved"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "reserved"],
  ["198.51.100.0", 24, "reserved"],
  ["203.0.113.0", 24, "reserved"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved"],
];

const v4Number = (ip: string) => ip.split(".").reduce((n, part) => n * 256 + Number(part), 0);

function v4Kind(ip: string): AddressKind {
  const n = v4Number(ip);
  for (const [base, bits, kind] of V4_RANGES) {
    const size = 2 ** (32 - bits);
    const start = v4Number(base);
    if (n >= start && n < start + size) return kind;
  }
  return "public";
}

/** An IPv6 address as its 16 bytes (with an embedded dotted IPv4 tail read too); undefined when malformed. */
function v6Bytes(ip: string): number[] | undefined {
  let text = ip.replace(/^\[|\]$/g, "").split("%")[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const n = v4Number(dotted[1]!);
    text = `${text.slice(0, -dotted[1]!.length)}${((n >>> 16) & 0xffff).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 0) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return undefined;
  return groups.flatMap((g) => {
    const v = parseInt(g, 16);
    return [v >> 8, v & 0xff];
  });
}

function v6Kind(ip: string): AddressKind {
  const b = v6Bytes(ip);
  if (!b) return "reserved";
  const zeroUpTo = (n: number) => b.slice(0, n).every((x) => x === 0);
  const v4Tail = () => b.slice(12).join(".");
  if (zeroUpTo(16)) return "unspecified";
  if (zeroUpTo(15) && b[15] === 1) return "loopback";
  // ::ffff:a.b.c.d (IPv4-mapped) and 64:ff9b::a.b.c.d (NAT64): the IPv4 address decides
  if (zeroUpTo(10) && b[10] === 0xff && b[11] === 0xff) return v4Kind(v4Tail());
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && b.slice(4, 12).every((x) => x === 0)) return v4Kind(v4Tail());
  // ::a.b.c.d (IPv4-compatible, deprecated) and the rest of ::/8
  if (b[0] === 0) return "reserved";
  if (b[0] === 0xff) return "multicast";
  if (b[0] === 0xfe && (b[1]! & 0xc0) === 0x80) return "link_local";
  // fec0::/10 (site-local, deprecated) and fc00::/7 (unique local)
  if (b[0] === 0xfe && (b[1]! & 0xc0) === 0xc0) return "private";
  if ((b[0]! & 0xfe) === 0xfc) return "private";
  // 2001:db8::/32 documentation
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0x0d && b[3] === 0xb8) return "reserved";
  return "public";
}

/** What kind of address an IP is (IPv4 or IPv6, brackets allowed); anything unreadable is "reserved". */
export function addressKind(ip: string): AddressKind {
  const bare = ip.replace(/^\[|\]$/g, "");
  const family = isIP(bare.split("%")[0]!);
  if (family === 4) return v4Kind(bare);
  if (family === 6) return v6Kind(bare);
  return "reserved";
}

const PRIVATE_KINDS = new Set<AddressKind>(["loopback", "private", "cgnat"]);

/** Whether the policy lets a connection go to this address. */
export const addressAllowed = (ip: string, policy: OutgoingPolicy): boolean => {
  const kind = addressKind(ip);
  return kind === "public" || (policy.allowPrivate && PRIVATE_KINDS.has(kind));
};

/** The URL's own shape: scheme, https in production, no credentials. */
export function checkUrlShape(raw: string, policy: OutgoingPolicy): { ok: true; url: URL } | { ok: false; reason: OutgoingRefusal } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { ok: false, reason: "scheme" };
  if (!url.hostname) return { ok: false, reason: "invalid" };
  if (policy.requireHttps && url.protocol !== "https:") return { ok: false, reason: "https_required" };
  if (url.username || url.password) return { ok: false, reason: "credentials" };
  return { ok: true, url };
}

export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

/**
 * The whole check: the URL's shape, then every address its host resolves to (an IP literal is its
 * own address). One refused address refuses the URL.
 */
export async function checkOutgoingUrl(
  raw: string,
  policy: OutgoingPolicy,
  resolve: Resolver = systemResolver,
): Promise<{ ok: true; url: URL; addresses: string[] } | { ok: false; reason: OutgoingRefusal }> {
  const shape = checkUrlShape(raw, policy);
  if (!shape.ok) return shape;
  const host = shape.url.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await resolve(host)).map((a) => a.address);
    } catch {
      return { ok: false, reason: "unresolvable" };
    }
  }
  if (addresses.length === 0) return { ok: false, reason: "unresolvable" };
  if (!addresses.every((a) => addressAllowed(a, policy))) return { ok: false, reason: "blocked_address" };
  return { ok: true, url: shape.url, addresses };
}

/** Thrown by the guarded lookup: the host resolved to an address the policy refuses. */
export class BlockedAddressError extends Error {
  override name = "BlockedAddressError";
  readonly code = "EBLOCKEDADDRESS";
}

/**
 * A DNS lookup for http(s).request's `lookup` option: resolves as the system does and hands the
 * connection only addresses the policy allows (all of them must be), so what is connected to is
 * what was checked. Answers both shapes Node asks for (one address, or `all`).
 */
export function guardedLookup(policy: OutgoingPolicy, resolve: Resolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const addresses = family ? found.filter((a) => a.family === family) : found;
        if (addresses.length === 0) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }), "", 0);
        if (!addresses.every((a) => addressAllowed(a.address, policy))) return callback(new BlockedAddressError(`${hostname} resolves to an address that is not allowed`), "", 0);
        if (options.all) return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, addresses);
        callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 0),
    );
  };
}
