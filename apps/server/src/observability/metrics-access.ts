import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4 } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/** Loopback and private networks (RFC 1918, RFC 4193 unique local, loopback): a scraper inside the deployment. */
const PRIVATE_NETWORKS = (() => {
  const list = new BlockList();
  list.addSubnet('127.0.0.0', 8, 'ipv4');
  list.addSubnet('10.0.0.0', 8, 'ipv4');
  list.addSubnet('172.16.0.0', 12, 'ipv4');
  list.addSubnet('192.168.0.0', 16, 'ipv4');
  list.addAddress('::1', 'ipv6');
  list.addSubnet('fc00::', 7, 'ipv6');
  return list;
})();

/** Whether `ip` is a loopback or private address (an IPv4 address mapped into IPv6 counts as itself). */
export function isPrivateAddress(ip: string): boolean {
  const plain = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  try {
    return PRIVATE_NETWORKS.check(plain, isIPv4(plain) ? 'ipv4' : 'ipv6');
  } catch {
    return false;
  }
}

/** Whether `given` equals `expected`, in time that does not depend on where they differ. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Who may read GET /metrics (docs/operations.md): with METRICS_TOKEN set, a request carrying
 * `Authorization: Bearer <token>`, from anywhere; without it, a request from a loopback or private
 * address. A request that came through a proxy this server does not trust (TRUST_PROXY unset, yet
 * X-Forwarded-For or Forwarded present) is not taken for a local one: the proxy's own address
 * would be.
 */
export function mayReadMetrics(req: FastifyRequest, config: Pick<Config, 'metricsToken' | 'trustProxy'>): boolean {
  if (config.metricsToken) {
    const header = req.headers.authorization ?? '';
    const token = /^Bearer (.+)$/i.exec(header)?.[1];
    return token !== undefined && sameSecret(token, config.metricsToken);
  }
  const forwarded = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
  if (forwarded && config.trustProxy === false) return false;
  return isPrivateAddress(req.ip);
}
