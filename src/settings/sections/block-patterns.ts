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
 * A throttling answer in JSON where a page should be, sent with a 200 by a CDN or an API gateway (the status
 * says nothing): the whole answer is an object whose first member is the error (`{"error":"rate limited"}`,
 * `{"status":429,...}`). Only the first member, and only at the very start: a product's JSON naming a "Rate
 * limiter valve", or a page quoting such an answer, is no wall.
 */
const THROTTLING_JSON = [
  '^\\s*\\{\\s*"(?:errors?|message|msg|detail|reason)"\\s*:\\s*(?:\\[\\s*)?"[^"]{0,80}?(?:rate[ _-]?limit|too many requests|quota exceeded)',
  '^\\s*\\{\\s*"(?:status|code|statusCode|status_code)"\\s*:\\s*"?429\\b',
];

/**
 * The challenge documents of bot-management vendors, each the whole page the vendor serves in place of the shop's (at
 * 200, 403 or 429). Not what the same vendors put on every page they let through: their cookies (Akamai's `_abck` and
 * `ak_bmsc`, `datadome`, Imperva's `incap_ses_*`), Akamai's sensor script, Kasada's `p.js` and `KPSDK.configure`,
 * DataDome's tag, Imperva's `SWJIYLWA` script at the end of a page.
 */
const VENDOR_CHALLENGES = [
  // Kasada: an empty page whose only script starts the SDK's clock, then loads the interrogation (`ips.js`).
  'KPSDK\\.start\\s*=\\s*KPSDK\\.now\\(\\)[\\s\\S]{0,400}?/ips\\.js',
  // Akamai Bot Manager: the behavioural challenge's container and script, and the interstitial that posts its proof.
  'id=["\']?sec-if-cpt-container|/_sec/cp_challenge/',
  '/_sec/verify\\?provider=interstitial',
  // Imperva: a page that is nothing but "do not index" and the challenge script (the same script ends a page it let through).
  '<meta name=["\']?robots["\']? content=["\']?noindex,\\s*nofollow["\']?\\s*/?>\\s*<script[^>]*src=["\']?/_Incapsula_Resource\\?SWJIYLWA=',
];

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
  '"blockScript"\\s*:\\s*"[^"]*/captcha/captcha\\.js', // PerimeterX / HUMAN's JSON block answer to an API call (its captcha's script)
  'Incapsula incident ID|_Incapsula_Resource\\?CWUDNSAI=', // Imperva block page
  'captcha-delivery\\.com', // DataDome's challenge (its page tag loads from elsewhere)
  '/errors/validateCaptcha', // Amazon's robot check form
  'The requested URL was rejected\\. Please consult with your administrator', // F5 BIG-IP ASM
  'window\\.gokuProps\\s*=', // AWS WAF challenge and CAPTCHA interstitial
  '/\\.well-known/sgcaptcha/', // SiteGround's bot check
  ...VENDOR_CHALLENGES,
  ...THROTTLING_JSON,
];

/**
 * Where a redirect takes a page when a wall stands in front of it (matched, case-insensitively, against the
 * URL a redirect sends a page to, never against a page's own URL): a bot-check or queue vendor's host, or
 * a challenge path at the root of the shop. The answer there is no page of the shop's, and the shop is not
 * gone: a later try (another session, a quieter hour) gets through. Before, such a hop off the shop failed
 * as `offsite/redirect`, the page's own permanent answer, and a walled shop could end a run clean.
 */
export const DEFAULT_WALL_URL_PATTERNS = [
  // Radware ShieldSquare, Queue-it, DataDome, HUMAN (PerimeterX), hCaptcha, Arkose Labs.
  '^https?://(?:[^/?#]*\\.)?(?:perfdrive\\.com|queue-it\\.net|captcha-delivery\\.com|perimeterx\\.net|px-cloud\\.net|hcaptcha\\.com|arkoselabs\\.com|funcaptcha\\.com)(?::\\d+)?(?:[/?#]|$)',
  '/cdn-cgi/challenge-platform/', // Cloudflare
  '/errors/validateCaptcha', // Amazon
  '/\\.well-known/sgcaptcha/', // SiteGround
  '/distil_r_(?:captcha|blocked)\\.html', // Imperva (Distil)
  // A challenge page of the shop's own, first in the path (`/challenge?returnUrl=…`), not a product named so further down.
  '^https?://[^/?#]+/(?:challenge|captcha|bot-?check|are-?you-?(?:a-?)?(?:human|robot)|human-?verification)(?:[/?#.]|$)',
];

/**
 * Query parameters in which a gate names the page to send us back to (`/challenge?returnUrl=/p/5`,
 * `gate.example/?return_to=https://shop/p/5`). Compared without regard to case. A redirect whose target
 * carries, under one of these, the very page it came from is a wall, whatever the host: the gate promises
 * the page later, so it is not the page's answer.
 */
export const DEFAULT_RETURN_PARAMS = ['returnUrl', 'return_url', 'returnTo', 'return_to', 'return', 'redirect', 'redirectUrl', 'redirect_url', 'redirect_uri', 'continue', 'next', 'backUrl', 'back_url', 'goto', 'dest', 'destination'];
