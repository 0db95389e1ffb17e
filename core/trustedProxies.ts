import net from 'node:net';

/**
 * Who may write the X-Forwarded-For entries that count: the number of proxies in front of the
 * service, or the addresses (and CIDR ranges) of the proxies themselves. Unset, `false` or `0`:
 * none, the socket's peer is the client. `true` means one proxy, the usual platform router: the
 * leftmost entries are whatever the client chose to send, so they never count.
 */
export type TrustedProxies = { hops: number } | { addresses: net.BlockList } | undefined;

export function parseTrustedProxies(value: string): TrustedProxies | Error {
  const v = value.trim().toLowerCase();
  if (v === '' || v === 'false' || v === '0') return undefined;
  if (v === 'true') return { hops: 1 };
  if (/^\d+$/.test(v)) return { hops: Number(v) };
  const addresses = new net.BlockList();
  for (const entry of v.split(',').map((e) => e.trim())) {
    const [address, bits, extra] = entry.split('/');
    const family = net.isIP(address ?? '');
    const prefix = bits === undefined ? (family === 6 ? 128 : 32) : Number(bits);
    const maxPrefix = family === 6 ? 128 : 32;
    if (!family || extra !== undefined || !Number.isInteger(prefix) || prefix < 0 || prefix > maxPrefix) {
      return new Error(`"${entry.slice(0, 60)}" is not a number of proxies, true, or an address or CIDR range`);
    }
    addresses.addSubnet(address!, prefix, family === 6 ? 'ipv6' : 'ipv4');
  }
  return { addresses };
}

/** An IPv4 address as IPv4 even when a dual-stack socket reports it IPv4-mapped. */
function plain(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

function isTrusted(addresses: net.BlockList, address: string): boolean {
  const family = net.isIP(address);
  return family !== 0 && addresses.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** Whether a connection's peer is a proxy whose X-Forwarded-For names the client. */
export function peerIsProxy(peer: string, trusted: TrustedProxies): boolean {
  if (!trusted) return false;
  return 'hops' in trusted || isTrusted(trusted.addresses, plain(peer));
}

/**
 * The client's address: walking X-Forwarded-For from the right (each proxy appends the address
 * it received the request from), the first entry not written by a trusted proxy.
 */
export function clientAddress(peer: string, forwardedFor: string | undefined, trusted: TrustedProxies): string {
  const socketAddress = plain(peer);
  if (!trusted) return socketAddress;
  const chain = (forwardedFor ?? '')
    .split(',')
    .map((e) => plain(e.trim()))
    .filter(Boolean);
  if ('hops' in trusted) return chain[chain.length - trusted.hops] ?? chain[0] ?? socketAddress;
  let address = socketAddress;
  while (isTrusted(trusted.addresses, address) && chain.length) address = chain.pop()!;
  return address;
}
