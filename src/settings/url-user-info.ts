// Whether a URL's user info can be read as its client reads it: percent-decoded, as pg, ioredis and undici's token do.

export const USER_INFO_ESCAPE_PROBLEM = 'the user name or password holds a % that starts no %XX escape: write it as %25';

/**
 * A problem with the user info of a URL that parses, or null. The URL parser keeps a raw `%` (`50%off`), and the
 * clients decode the user name and password with decodeURIComponent, which throws: the run ended on a bare
 * "URI malformed" naming no setting.
 */
export function userInfoProblem(url: URL): string | null {
  try {
    decodeURIComponent(url.username);
    decodeURIComponent(url.password);
    return null;
  } catch {
    return USER_INFO_ESCAPE_PROBLEM;
  }
}
