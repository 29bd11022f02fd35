import { PayloadSDK } from '@payloadcms/sdk'

/**
 * `@payloadcms/sdk` logged in as `email` of `collection` on a test server (`useServer`'s state), with Payload's
 * `Authorization: JWT <token>` header, every response checked against the contract (`s.fetch`).
 */
export async function loggedInSdk(
  s: { url: string; fetch: typeof fetch },
  email: string,
  password: string,
  collection = 'users',
): Promise<PayloadSDK<any>> {
  const anonymous = new PayloadSDK<any>({ baseURL: `${s.url}/api`, fetch: s.fetch })
  const { token } = await anonymous.login({ collection, data: { email, password } })
  return new PayloadSDK<any>({
    baseURL: `${s.url}/api`,
    fetch: s.fetch,
    baseInit: { headers: { Authorization: `JWT ${token}` } },
  })
}
