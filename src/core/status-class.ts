// How a status no setting names is read: as RFC 9110 §15's class of it, or, outside the classes, as a refusal.
import { STATUS_CODES } from 'node:http';

/**
 * RFC 9110 §15 defines statuses 100-599 only. Node passes any three digits, and sites use the rest to turn crawlers
 * away (LinkedIn's 999, a bot wall's 6xx); no server sends one as its page's answer. Read as a block: sent again with
 * another session while attempts last, counted by the breaker, and a transient loss if it never lifts.
 */
export function isOutsideStatusClasses(status: number): boolean {
  return status < 100 || status > 599;
}

/**
 * The status a rule asks about in place of `status`: itself when the rule's own list names it or the IANA registry does
 * (Node's table), else the x00 of its class, as RFC 9110 §15 has a client read a status it does not recognise (598 and
 * 599, proxies' network timeouts, read as 500). So one rule covers every unregistered status, not a list of them.
 */
export function recognisedStatus(status: number, named: (status: number) => boolean): number {
  if (named(status) || STATUS_CODES[status] !== undefined || isOutsideStatusClasses(status)) return status;
  return Math.floor(status / 100) * 100;
}
