// The default block-page markers: whole-page signs of a bot wall, never a widget a real product page also carries.
import { wholeTitlePattern } from './title-pattern';

/**
 * Words a bot wall puts in its title. Matched against the whole title (`wholeTitlePattern`), so a book
 * titled "Access Denied: The Practice and Policy of Global Internet Filtering" is a page to read, not a
 * wall. Before, any title containing one of the words anywhere was a block, and such a product failed on
 * every send.
 */
const WALL_TITLE_WORDS = [
  'access denied',
  'access to this page has been denied', // PerimeterX / HUMAN
  'attention required!?', // Cloudflare
  'just a moment', // Cloudflare's interstitial
  'are you a (?:robot|human)\\??',
  'robot or human\\??',
  'robot check', // Amazon
  'pardon our interruption', // Imperva (Distil) bot protection
  'request rejected', // F5 BIG-IP ASM
  '(?:request|you have been) blocked',
  'blocked',
  '(?:security|human|bot|browser) (?:check|verification)',
  '(?:please )?verify(?:ing)? (?:that )?you are (?:a )?human',
  'checking your browser',
  'one more step',
  'captcha',
  'ddos-guard',
];

const WALL_TITLE = wholeTitlePattern(WALL_TITLE_WORDS);

/**
 * Conservative defaults: a wall's title, and markup only a challenge or block page carries. Not the
 * scripts the same vendors inject into every page of a protected shop: Cloudflare's JavaScript
 * detections load from `/cdn-cgi/challenge-platform/scripts/jsd/` on every HTML page of a site with Bot
 * Fight Mode (always on for its free plan), and Imperva injects `/_Incapsula_Resource?SWJIYLWA=` into
 * pages it lets through; both were markers here, so every page of such a shop was retried to exhaustion.
 * Nor any captcha widget, which real shops also put on review and newsletter forms.
 */
export const DEFAULT_BLOCK_PATTERNS = [
  WALL_TITLE,
  '_cf_chl_opt', // Cloudflare challenge page settings
  '/cdn-cgi/challenge-platform/h/[a-z]/orchestrate/', // Cloudflare challenge page script
  'id=["\']px-captcha', // PerimeterX / HUMAN
  'Incapsula incident ID|_Incapsula_Resource\\?CWUDNSAI=', // Imperva block page
  'captcha-delivery\\.com', // DataDome's challenge (its page tag loads from elsewhere)
  '/errors/validateCaptcha', // Amazon's robot check form
  'The requested URL was rejected\\. Please consult with your administrator', // F5 BIG-IP ASM
  'window\\.gokuProps\\s*=', // AWS WAF challenge and CAPTCHA interstitial
  '/\\.well-known/sgcaptcha/', // SiteGround's bot check
];
