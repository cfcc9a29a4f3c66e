// MSW handlers typed by the generated OpenAPI `paths`: a handler can only be declared for
// a path and method the API has, and must answer with one of that operation's JSON bodies.
import { http, HttpResponse, type DefaultBodyType, type HttpResponseResolver, type PathParams } from 'msw';
import type { paths } from '../lib/api-types.gen.ts';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

type PathsWith<M extends Method> = {
  [P in keyof paths]: paths[P][M] extends { responses: unknown } ? P : never;
}[keyof paths];

type Responses<P extends keyof paths, M extends Method> = paths[P][M] extends { responses: infer R } ? R : never;

/** Every JSON body the operation may answer, for any status. */
export type JsonBody<P extends keyof paths, M extends Method> = {
  [S in keyof Responses<P, M>]: Responses<P, M>[S] extends { content: { 'application/json': infer B } } ? B : never;
}[keyof Responses<P, M>];

/** 500 bodies are not in the document but every route may answer one (spec §8). */
export interface ServerErrorBody {
  detail?: string;
  error_id: string;
}

/** Likewise any route may answer 401/403/404 with a detail. */
export interface DetailBody {
  detail: string;
}

type Resolver<P extends keyof paths, M extends Method> = HttpResponseResolver<
  PathParams,
  DefaultBodyType,
  Extract<JsonBody<P, M> | ServerErrorBody | DetailBody | null, DefaultBodyType>
>;

function handler<M extends Method>(method: M) {
  return <P extends PathsWith<M>>(path: P, resolver: Resolver<P, M>) =>
    // The check happens at the call site; MSW itself only needs some resolver.
    http[method](toMswPath(path), resolver as HttpResponseResolver);
}

/** `mock.get('/rest/scans/{id}/', ({ params }) => HttpResponse.json(scan))` */
export const mock = {
  get: handler('get'),
  post: handler('post'),
  put: handler('put'),
  patch: handler('patch'),
  delete: handler('delete'),
};

export function serverError(errorId: string) {
  return HttpResponse.json<ServerErrorBody>({ error_id: errorId, detail: 'Internal server error.' }, { status: 500 });
}

/** OpenAPI's "/rest/scans/{id}/" → MSW's "/rest/scans/:id/". */
function toMswPath(path: string): string {
  // "{id}" → ":id"
  return path.replace(/\{(\w+)\}/g, ':$1');
}
