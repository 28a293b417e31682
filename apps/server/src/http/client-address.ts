import { BlockList, isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** Which proxies in front of us may say who the client is (TRUST_PROXY). */
export type TrustedProxies = { hops: number } | { cidrs: BlockList };

/** TRUST_PROXY: a number of hops (0 = no proxy), or a comma-separated list of proxy addresses and CIDRs. */
export function parseTrustProxy(value: string): TrustedProxies | string {
  const text = value.trim();
  if (text === '' || text === 'false') return { hops: 0 };
  if (/^\d{1,2}$/.test(text)) return { hops: Number(text) };
  const cidrs = new BlockList();
  for (const part of text.split(',').map((p) => p.trim())) {
    const [address = '', bits] = part.split('/');
    const family = isIP(address);
    if (family === 0) return `"${part}" is not an address or CIDR`;
    const type = family === 6 ? 'ipv6' : 'ipv4';
    const prefix = bits === undefined ? (family === 6 ? 128 : 32) : Number(bits);
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 6 ? 128 : 32))
      return `"${part}" has a bad prefix length`;
    cidrs.addSubnet(address, prefix, type);
  }
  return { cidrs };
}

function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // In-process requests (tests, benchmarks) have no socket.
    return 'local';
  }
}

function trusted(cidrs: BlockList, address: string): boolean {
  const bare = address.replace(/^::ffff:/, '');
  const family = isIP(bare);
  return family !== 0 && cidrs.check(bare, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The caller's address (docs/deploy.md, "Client addresses"). X-Forwarded-For is read from the right: each
 * trusted proxy appends the address it saw, so the entries a client wrote itself are on the left and are
 * never believed. With `hops` the client is that many entries left of our socket's peer; with CIDRs,
 * the first address from the right that is not a trusted proxy.
 */
export function clientIp(c: Context, proxies: TrustedProxies): string {
  return addressOf(socketAddress(c), c.req.header('X-Forwarded-For'), proxies);
}

/** The same, from the socket's peer and the X-Forwarded-For header. */
function addressOf(peer: string, forwardedFor: string | undefined, proxies: TrustedProxies): string {
  if ('hops' in proxies && proxies.hops === 0) return peer;
  const forwarded = (forwardedFor ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const chain = [...forwarded, peer];
  if ('hops' in proxies) return chain[Math.max(0, chain.length - 1 - proxies.hops)] ?? peer;
  for (let i = chain.length - 1; i >= 0; i--) {
    const address = chain[i] ?? '';
    if (!trusted(proxies.cidrs, address)) return address;
  }
  return chain[0] ?? peer;
}

/**
 * The key of a client address for per-address limits: an IPv4 address itself (also when written as
 * IPv4-mapped IPv6), an IPv6 address's network of `v6Prefix` bits (64: one home or phone network, which
 * holds more addresses than any limit could count one by one). Anything else is kept as it is.
 */
export function addressKey(address: string, v6Prefix: number): string {
  // A port is not part of the address: "203.0.113.7:4431" and "[2001:db8::1]:443" are those addresses.
  const unported = address
    .replace(/^(\d+\.\d+\.\d+\.\d+):\d+$/, '$1')
    .replace(/^\[([^\]]+)\](?::\d+)?$/, '$1');
  const bare = unported.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (isIP(bare) !== 6) return bare;
  const words = ipv6Words(bare);
  if (!words) return bare;
  const masked = words.map((word, i) => {
    const bits = Math.min(16, Math.max(0, v6Prefix - i * 16));
    return bits === 0 ? 0 : word & ((0xffff << (16 - bits)) & 0xffff);
  });
  return `${masked.map((w) => w.toString(16)).join(':')}/${v6Prefix}`;
}

/** The eight 16-bit words of an IPv6 address (already checked by `isIP`). */
function ipv6Words(address: string): number[] | undefined {
  const [text = ''] = address.split('%');
  const halves = text.split('::');
  const part = (half: string | undefined) => {
    if (!half) return [];
    const words: number[] = [];
    for (const piece of half.split(':')) {
      if (piece.includes('.')) {
        const [a = 0, b = 0, c = 0, d = 0] = piece.split('.').map(Number);
        words.push((a << 8) | b, (c << 8) | d);
      } else words.push(Number.parseInt(piece, 16));
    }
    return words;
  };
  const head = part(halves[0]);
  const tail = part(halves[1]);
  const words =
    halves.length === 2 ? [...head, ...Array(8 - head.length - tail.length).fill(0), ...tail] : head;
  return words.length === 8 && words.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffff)
    ? words
    : undefined;
}
