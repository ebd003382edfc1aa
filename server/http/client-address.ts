import { BlockList, isIP } from "node:net";

// Which address a request comes from, behind zero or more reverse proxies (TRUST_PROXY), as
// Express's `trust proxy` does it: the chain is the socket's address followed by the
// X-Forwarded-For entries from right to left; trusted proxies are skipped from the right and the
// first untrusted entry is the client. Entries left of it are whatever the client wrote and are
// never used. TRUST_PROXY is `false` (default: the socket), a hop count (`1` = one proxy in front;
// `true` means 1), or a comma-separated list of proxy addresses and CIDR ranges (`loopback`,
// `uniquelocal` and `linklocal` name the usual ranges).

export type TrustProxy = { kind: "hops"; hops: number } | { kind: "list"; list: BlockList; text: string };

const NAMED: Record<string, string[]> = {
  loopback: ["127.0.0.1/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

/** Parses TRUST_PROXY; throws an Error whose message says what is wrong. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? "").trim().toLowerCase();
  if (["", "false", "0", "no", "off"].includes(text)) return { kind: "hops", hops: 0 };
  if (["true", "yes", "on"].includes(text)) return { kind: "hops", hops: 1 };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 32) throw new Error("must be a hop count up to 32, or a list of proxy addresses");
    return { kind: "hops", hops };
  }
  const list = new BlockList();
  for (const entry of text.split(",").map((part) => part.trim())) {
    for (const item of NAMED[entry] ?? [entry]) {
      const [address = "", prefix] = item.split("/");
      const family = isIP(address);
      const bits = prefix === undefined ? (family === 6 ? 128 : 32) : Number(prefix);
      if (
        !family ||
        !Number.isInteger(bits) ||
        bits < 0 ||
        bits > (family === 6 ? 128 : 32) ||
        (prefix !== undefined && !/^\d+$/.test(prefix))
      ) {
        throw new Error(
          `must be false, a hop count, or proxy addresses/CIDR ranges separated by commas ("${entry}" is none of these)`,
        );
      }
      list.addSubnet(address, bits, family === 6 ? "ipv6" : "ipv4");
    }
  }
  return { kind: "list", list, text };
}

function normalise(address: string): string {
  const trimmed = address.trim().replace(/^\[(.*)\]$/, "$1");
  // IPv4-mapped IPv6 (::ffff:1.2.3.4), as Node reports IPv4 clients on a dual-stack socket.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return mapped?.[1] ?? trimmed;
}

function trusted(list: BlockList, address: string): boolean {
  const family = isIP(address);
  if (!family) return false;
  return list.check(address, family === 6 ? "ipv6" : "ipv4");
}

/** The client's address: the right-most address in the chain that is not a trusted proxy. */
export function clientAddress(socketAddress: string, forwardedFor: string | undefined, trust: TrustProxy): string {
  const chain = [
    normalise(socketAddress),
    ...(forwardedFor ?? "")
      .split(",")
      .map(normalise)
      .filter((entry) => entry !== "")
      .reverse(),
  ];
  if (trust.kind === "hops") return chain[Math.min(trust.hops, chain.length - 1)] ?? socketAddress;
  for (const address of chain) {
    if (!trusted(trust.list, address)) return address;
  }
  return chain[chain.length - 1] ?? socketAddress;
}

/** The 8 groups of 16 bits of an IPv6 address (any valid text form, IPv4 tail included), or null. */
function ipv6Groups(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address.replace(/%.*$/, "");
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", rest] = text.split("::");
  const left = head === "" ? [] : head.split(":");
  const right = rest === undefined || rest === "" ? [] : rest.split(":");
  const zeros = rest === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...Array(zeros).fill("0"), ...right].map((group) => Number.parseInt(group, 16));
  return groups.length === 8 && groups.every((group) => group >= 0 && group <= 0xffff) ? groups : null;
}

/**
 * What a client is counted as by rate limits and visitor counts: an IPv4 address as it is, an
 * IPv6 address as its network of `ipv6Prefix` bits (a /64 by default: one household's or one
 * server's block, whose addresses cost an attacker nothing), e.g. `2001:db8:1:2::/64`.
 */
export function clientNetwork(address: string, ipv6Prefix: number): string {
  const groups = ipv6Groups(address);
  if (!groups) return address;
  const masked = groups.map((group, index) => {
    const bits = Math.max(0, Math.min(16, ipv6Prefix - index * 16));
    return bits === 0 ? 0 : group & ((0xffff << (16 - bits)) & 0xffff);
  });
  // Canonical text (RFC 5952): the longest run of two or more zero groups becomes "::".
  let best = { start: -1, length: 0 };
  for (let start = 0; start < 8; start++) {
    let length = 0;
    while (start + length < 8 && masked[start + length] === 0) length++;
    if (length > best.length && length > 1) best = { start, length };
  }
  const hex = masked.map((group) => group.toString(16));
  const text =
    best.start < 0 ? hex.join(":") : `${hex.slice(0, best.start).join(":")}::${hex.slice(best.start + best.length).join(":")}`;
  return `${text}/${ipv6Prefix}`;
}
