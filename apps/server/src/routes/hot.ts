import type { IncomingMessage } from 'node:http';
import { successRequest } from '@heavy-rotation/contracts';
import { getQueryParam } from 'hono/utils/url';
import { bodyText, declaredLength, type HotRoute, headerOf } from '../http/hot-path.ts';
import type { VerifiedUser } from '../http/identity.ts';
import { namesJson, parseJson } from '../http/json.ts';
import type { SuccessAnswers } from './messages.ts';
import type { ProfileReads } from './profile.ts';

const NO_STORE = { 'Cache-Control': 'no-store' };

export interface HotRouteDeps {
  /** The user guard's checks on Node's request (apikey, per-IP limit, bearer token, per-user limit). */
  caller(req: IncomingMessage): Promise<VerifiedUser>;
  success: SuccessAnswers;
  profiles: ProfileReads;
  maxBodyBytes: number;
}

/** The query parameter as Hono reads it (its own parser, so both paths see the same value). */
function queryParam(url: string, name: string): string | undefined {
  const value = getQueryParam(url, name);
  return typeof value === 'string' ? value : undefined;
}

/**
 * The listener's most frequent calls, answered by Node's server itself (apps/server/README.md, "Hot
 * paths"): a success line read with a bearer token, and the listener's own profile row. The cores
 * (`successAnswers`, `profileReads`) are those of the Hono routes; only the reading of the request and
 * the writing of the answer differ. A call with a session cookie and no token, a chunked or oversized
 * body, or another content type goes to Hono.
 */
export function hotRoutes({ caller, success, profiles, maxBodyBytes }: HotRouteDeps): HotRoute[] {
  return [
    {
      method: 'POST',
      path: '/functions/v1/generate-success-message',
      takes(req) {
        const length = declaredLength(headerOf(req, 'content-length'), headerOf(req, 'transfer-encoding'));
        return (
          headerOf(req, 'authorization') !== undefined &&
          namesJson(headerOf(req, 'content-type')) &&
          length !== undefined &&
          length <= maxBodyBytes
        );
      },
      answer(req) {
        const text = bodyText(req);
        // The guard's refusal comes first, as on Hono, where the body is read after it; the body's own
        // failure is then never waited for, so it is marked as handled here.
        text.catch(() => undefined);
        return caller(req)
          .then((user) => text.then((body) => success(user.id, parseJson(body, successRequest).artistNames)))
          .then((json) => ({ status: 200, json, headers: NO_STORE }));
      },
    },
    {
      method: 'GET',
      path: '/rest/v1/user_profile',
      takes: (req) => headerOf(req, 'authorization') !== undefined,
      answer(req, url) {
        return caller(req)
          .then((user) => profiles(user.id, queryParam(url, 'id'), queryParam(url, 'select')))
          .then(({ status, json }) => ({ status, json, headers: NO_STORE }));
      },
    },
  ];
}
