// A URL's host for counting and logging: port included (two shops on one name are two hosts), a fallback for a URL that does not parse.

export function hostOfUrl(url: string, unparsable = ''): string {
  try {
    return new URL(url).host;
  } catch {
    return unparsable;
  }
}
