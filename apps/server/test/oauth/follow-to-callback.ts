/**
 * Follows a provider's redirects as a browser would (keeping the provider's cookies) until one
 * leads to `callbackPrefix`, and returns that address: the provider's answer to the app.
 */
export async function followToCallback(start: string, callbackPrefix: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = new URL(start);
  for (let hop = 0; hop < 20; hop++) {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const separator = pair.indexOf('=');
      cookies.set(pair.slice(0, separator), pair.slice(separator + 1));
    }
    const location = response.headers.get('location');
    if (!location) {
      throw new Error(`${url.href} answered ${response.status}: ${await response.text()}`);
    }
    url = new URL(location, url);
    if (url.href.startsWith(callbackPrefix)) return url;
  }
  throw new Error(`no redirect to ${callbackPrefix} after 20 hops`);
}
