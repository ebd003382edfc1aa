import { describe, expect, it } from "vitest";
import { expectAnswers } from "../../tests/setup/examples.ts";
import { loadConfig } from "../config.ts";
import { clientAddress, clientNetwork, parseTrustProxy } from "./client-address.ts";

describe("TRUST_PROXY (security review 2026-11, defect 5)", () => {
  it("uses the socket when no proxy is trusted", () => {
    expect(clientAddress("10.0.0.5", "198.51.100.1", parseTrustProxy(undefined))).toBe("10.0.0.5");
    expect(clientAddress("10.0.0.5", "198.51.100.1", parseTrustProxy("false"))).toBe("10.0.0.5");
  });

  it("takes the right-most entry a trusted hop added, never the client's own left-most one", () => {
    const one = parseTrustProxy("1");
    expect(clientAddress("127.0.0.1", "198.51.100.77, 203.0.113.7", one)).toBe("203.0.113.7");
    expect(parseTrustProxy("true")).toEqual(one);
    expect(clientAddress("127.0.0.1", "198.51.100.77, 203.0.113.7, 10.0.0.2", parseTrustProxy("2"))).toBe("203.0.113.7");
    // More hops than entries: the left-most there is.
    expect(clientAddress("127.0.0.1", "203.0.113.7", parseTrustProxy("5"))).toBe("203.0.113.7");
    expect(clientAddress("127.0.0.1", undefined, one)).toBe("127.0.0.1");
  });

  it("skips trusted addresses and ranges from the right", () => {
    const list = parseTrustProxy("loopback, 10.0.0.0/8, 2001:db8::1");
    expect(clientAddress("127.0.0.1", "198.51.100.77, 203.0.113.7, 10.1.2.3", list)).toBe("203.0.113.7");
    expect(clientAddress("::ffff:127.0.0.1", "203.0.113.9", list)).toBe("203.0.113.9");
    expect(clientAddress("2001:db8::1", "2001:db8::99", list)).toBe("2001:db8::99");
    // An untrusted socket is the client, whatever the header says.
    expect(clientAddress("203.0.113.50", "198.51.100.1", list)).toBe("203.0.113.50");
  });

  it("refuses a setting that is neither a hop count nor addresses, naming it", () => {
    expect(() => parseTrustProxy("10.0.0.0/99")).toThrow(/10\.0\.0\.0\/99/);
    expect(() => loadConfig({ TRUST_PROXY: "proxy.example.org" })).toThrow(/TRUST_PROXY/);
  });
});

describe("clientNetwork: IPv6 clients counted per network (issue 35, item 4)", () => {
  it("keeps an IPv4 address and gives an IPv6 address's /64 in canonical form", () => {
    expectAnswers(
      ([address, prefix]: [string, number]) => clientNetwork(address, prefix),
      [
        [["203.0.113.7", 64], "203.0.113.7"],
        [["2001:db8:1:2::19", 64], "2001:db8:1:2::/64"],
        [["2001:0DB8:0001:0002:aaaa:bbbb:cccc:dddd", 64], "2001:db8:1:2::/64"],
        [["2001:db8::1", 64], "2001:db8::/64"],
        [["::1", 64], "::/64"],
        [["2001:db8:1:2:3:4:5:6", 48], "2001:db8:1::/48"],
        [["2001:db8:1:2:3:4:5:6", 56], "2001:db8:1::/56"],
        [["2001:db8:1:2ff:3:4:5:6", 56], "2001:db8:1:200::/56"],
        [["2001:db8:1:2:3:4:5:6", 128], "2001:db8:1:2:3:4:5:6/128"],
        [["64:ff9b::192.0.2.33", 64], "64:ff9b::/64"],
        [["unknown", 64], "unknown"],
      ],
    );
  });
});
